import {
  PROCUREMENT_METHOD_CODES,
  PROCUREMENT_METHODS,
  procurementMethodLabel,
} from '@tender/contracts';

interface DictSeed {
  code: string;
  name: string;
  description: string;
  items: [label: string, value: string, tagColor?: string][];
}

/** What an energy-equipment buyer needs in its selects; the tendering forms read these types. */
export const DICTIONARY: DictSeed[] = [
  {
    code: 'tender_category',
    name: '设备类别',
    description: '招标项目的设备类别',
    items: [
      ['电力变压器', 'transformer'],
      ['开关柜', 'switchgear'],
      ['电力电缆', 'cable'],
      ['智能电表', 'meter'],
      ['继电保护装置', 'protection_relay'],
      ['光伏逆变器', 'inverter'],
      ['储能系统', 'energy_storage'],
      ['断路器', 'circuit_breaker'],
      ['互感器', 'instrument_transformer'],
      ['箱式变电站', 'compact_substation'],
    ],
  },
  {
    code: 'procurement_method',
    name: '采购方式',
    description: PROCUREMENT_METHOD_CODES.map(procurementMethodLabel).join('或'),
    items: PROCUREMENT_METHOD_CODES.map((m) => [
      procurementMethodLabel(m),
      m,
      PROCUREMENT_METHODS[m].color,
    ]),
  },
  {
    code: 'region',
    name: '地区',
    description: '项目所在地区',
    items: [
      ['华北', 'north'],
      ['华东', 'east'],
      ['华南', 'south'],
      ['华中', 'central'],
      ['西南', 'southwest'],
      ['西北', 'northwest'],
      ['东北', 'northeast'],
    ],
  },
  {
    code: 'currency',
    name: '币种',
    description: '预算与报价币种',
    items: [
      ['人民币', 'CNY'],
      ['美元', 'USD'],
      ['欧元', 'EUR'],
    ],
  },
  {
    code: 'unit',
    name: '计量单位',
    description: '设备与材料的计量单位',
    items: [
      ['台', 'set'],
      ['套', 'suite'],
      ['米', 'm'],
      ['千米', 'km'],
      ['只', 'piece'],
      ['项', 'item'],
    ],
  },
  {
    code: 'tender_status',
    name: '招标状态',
    description: '招标项目的状态标签',
    items: [
      ['草稿', 'draft', 'default'],
      ['投标中', 'published', 'processing'],
      ['已截标', 'closed', 'warning'],
      ['已开标', 'opened', 'cyan'],
      ['已定标', 'awarded', 'success'],
      ['已取消', 'cancelled', 'default'],
      ['流标', 'failed', 'error'],
    ],
  },
  {
    code: 'supplier_status',
    name: '供应商状态',
    description: '供应商审核状态标签',
    items: [
      ['待审核', 'pending', 'processing'],
      ['已通过', 'approved', 'success'],
      ['已驳回', 'rejected', 'error'],
      ['黑名单', 'blacklisted', 'default'],
    ],
  },
];
