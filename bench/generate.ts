// Realistic tenders in bulk: Chinese titles and descriptions as an energy-equipment buyer writes
// them, every state, spread over three years, with the search columns computed exactly as the
// server computes them (searchTextOf + indexLexemes), written as COPY text rows.
import { indexLexemes, searchTextOf } from '../apps/server/src/lib/search-index.js';

/** A small deterministic generator (mulberry32), so two runs search the same data. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OWNERS = [
  '国网江苏省电力有限公司',
  '国网浙江省电力有限公司',
  '国网山东省电力公司',
  '南方电网广东电网有限责任公司',
  '广西电网有限责任公司',
  '华能国际电力股份有限公司',
  '大唐集团新能源有限公司',
  '国家电投集团黄河上游水电开发有限责任公司',
  '华电福新能源发展有限公司',
  '三峡新能源有限公司',
  '中广核风电有限公司',
  '国能神华九江发电有限责任公司',
  '内蒙古电力（集团）有限责任公司',
  '云南电网有限责任公司',
  '四川能投发展股份有限公司',
  '龙源电力集团股份有限公司',
];

/** Category value, its label, and what is bought under it. */
const CATEGORIES: [string, string, string[]][] = [
  [
    'transformer',
    '电力变压器',
    ['主变压器', '配电变压器', '干式变压器', '油浸式变压器', '接地变压器'],
  ],
  ['switchgear', '开关柜', ['高压开关柜', '环网柜', '低压配电柜', 'GIS组合电器', '中置柜']],
  ['cable', '电力电缆', ['交联聚乙烯电缆', '架空绝缘导线', '光纤复合电缆', '控制电缆', '电缆附件']],
  ['meter', '智能电表', ['单相智能电能表', '三相智能电能表', '集中器', '采集终端', '关口电能表']],
  [
    'protection_relay',
    '继电保护装置',
    ['线路保护装置', '母线保护装置', '故障录波器', '测控装置', 'RTU远动终端'],
  ],
  [
    'inverter',
    '光伏逆变器',
    ['组串式逆变器', '集中式逆变器', '光伏汇流箱', '箱逆变一体机', 'SVG无功补偿装置'],
  ],
  [
    'energy_storage',
    '储能系统',
    ['磷酸铁锂储能电池舱', 'PCS储能变流器', 'BMS电池管理系统', 'EMS能量管理系统', '液冷储能柜'],
  ],
  [
    'circuit_breaker',
    '断路器',
    ['真空断路器', 'SF6断路器', '框架断路器', '塑壳断路器', '隔离开关'],
  ],
  [
    'instrument_transformer',
    '互感器',
    ['电流互感器', '电压互感器', '电子式互感器', '零序互感器', '组合互感器'],
  ],
  [
    'compact_substation',
    '箱式变电站',
    ['美式箱变', '欧式箱变', '预装式变电站', '风电箱变', '光伏箱变'],
  ],
];

const REGIONS: [string, string][] = [
  ['north', '华北'],
  ['east', '华东'],
  ['south', '华南'],
  ['central', '华中'],
  ['southwest', '西南'],
  ['northwest', '西北'],
  ['northeast', '东北'],
];

const PROJECTS = [
  '城区配电网改造工程',
  '农网升级改造项目',
  '海上风电场二期工程',
  '集中式光伏电站项目',
  '变电站扩建工程',
  '抽水蓄能电站机电设备',
  '工业园区增量配电项目',
  '特高压配套工程',
  '新能源汇集站工程',
  '用户侧储能示范项目',
];

const VOLTAGES = ['0.4kV', '10kV', '35kV', '66kV', '110kV', '220kV', '500kV'];
const BATCHES = ['第一批', '第二批', '第三批', '第四批', '年度框架', '集中'];
const METHODS = ['公开招标', '框架协议招标', '集中采购'];
const CONTACTS = ['张工', '李工', '王经理', '刘工', '陈主任', '杨工', '赵经理', '周工'];
const CLAUSES = [
  '投标人须具备相应的生产能力和供货业绩',
  '设备须满足国家电网公司现行技术规范',
  '交货地点为项目现场，含运输及卸车',
  '质保期不少于二十四个月',
  '投标人须提供近三年同类产品的运行证明',
  '技术参数详见招标文件第五章',
  '本项目接受联合体投标',
  '中标人须配合完成现场安装调试与验收',
  '产品须通过型式试验并提供检测报告',
  '付款方式为到货验收后支付百分之九十',
];

const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)]!;

/** COPY's columns, in the order of each generated line. */
export const TENDER_COPY_COLUMNS = [
  'tender_no',
  'title',
  'category',
  'procurement_method',
  'budget',
  'region',
  'description',
  'contact',
  'contact_phone',
  'docs_from',
  'docs_until',
  'bid_deadline',
  'opening_at',
  'status',
  'published_at',
  'created_by',
  'search_text',
  'search_vector',
  'created_at',
  'updated_at',
];

const DAY_MS = 24 * 3600 * 1000;
const tsLexeme = (l: string) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
/** COPY text format: backslash, tab and newline are the only characters that need escaping. */
const copyText = (v: string) =>
  v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');

/**
 * Lines of tenders `from`..`to` (exclusive) of a data set, newest publication last. About 80 %
 * are published (half still open for bids), the rest drafts, opened, awarded, cancelled or
 * failed; one in ten is invited (never public). `createdBy` is the manager's user id.
 */
export function* tenderLines(
  from: number,
  to: number,
  total: number,
  now: Date,
  createdBy: number,
) {
  const next = random(from + 1);
  const year = now.getUTCFullYear();
  for (let i = from; i < to; i++) {
    const [category, categoryLabel, items] = pick(next, CATEGORIES);
    const [region, regionLabel] = pick(next, REGIONS);
    const owner = pick(next, OWNERS);
    const item = pick(next, items);
    const title = `${owner}${year - Math.floor(next() * 3)}年${pick(next, BATCHES)}${pick(next, VOLTAGES)}${item}${pick(next, METHODS)}`;
    const project = pick(next, PROJECTS);
    const clauses = [pick(next, CLAUSES), pick(next, CLAUSES), pick(next, CLAUSES)];
    const quantity = 1 + Math.floor(next() * 60);
    const plain = `本项目为${regionLabel}地区${project}，采购${item}${quantity}台（套）。${clauses.join('；')}。`;
    const description = `<p>本项目为${regionLabel}地区${project}，采购<strong>${item}</strong>${quantity}台（套）。</p><p>${clauses.join('；')}。</p>`;
    const tenderNo = `ZB${year}${String(i + 1).padStart(8, '0')}`;
    const roll = next();
    const status =
      roll < 0.05
        ? 'draft'
        : roll < 0.85
          ? 'published'
          : roll < 0.9
            ? 'opened'
            : roll < 0.95
              ? 'awarded'
              : roll < 0.98
                ? 'cancelled'
                : 'failed';
    const method = next() < 0.9 ? 'open' : 'invited';
    // Publication spread evenly over the last three years.
    const publishedMs = now.getTime() - (1 - i / total) * 3 * 365 * DAY_MS - next() * DAY_MS;
    const open = status === 'published' && next() < 0.5;
    const deadlineMs = open
      ? now.getTime() + (5 + next() * 40) * DAY_MS
      : publishedMs + 20 * DAY_MS;
    const createdMs = publishedMs - 2 * DAY_MS;
    const iso = (ms: number) => new Date(ms).toISOString();
    const searchText = searchTextOf([
      title,
      tenderNo,
      categoryLabel,
      category,
      regionLabel,
      region,
      plain,
    ]);
    const lexemes = indexLexemes(searchText);
    // Quoting each lexeme is needed only when the text holds a quote or a backslash.
    const vector = /['\\]/.test(searchText)
      ? lexemes.map(tsLexeme).join(' ')
      : `'${lexemes.join("' '")}'`;
    yield [
      tenderNo,
      title,
      category,
      method,
      (Math.round(next() * 5_000_000_00) / 100 + 10_000).toFixed(2),
      region,
      description,
      pick(next, CONTACTS),
      `139${String(Math.floor(next() * 1e8)).padStart(8, '0')}`,
      iso(publishedMs),
      iso(deadlineMs - DAY_MS),
      iso(deadlineMs),
      iso(deadlineMs + 3600 * 1000),
      status,
      status === 'draft' ? '\\N' : iso(publishedMs),
      String(createdBy),
      searchText,
      vector,
      iso(createdMs),
      iso(createdMs),
    ]
      .map((v) => (v === '\\N' || !/[\\\t\n]/.test(v) ? v : copyText(v)))
      .join('\t')
      .concat('\n');
  }
}
