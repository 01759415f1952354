import type { PublicTender } from '@tender/contracts';
import { richTextToPlain } from '../../lib/rich-text.js';
import { formatChinaTime } from './date-rules.js';
import { STATUS_LABEL } from './rules.js';

const METHOD_LABEL = { open: '公开招标', invited: '邀请招标' } as const;
const time = (iso: string | null) => (iso ? formatChinaTime(new Date(iso)) : '');

/** The filtered list as a workbook (Beijing times, Chinese labels, amounts as numbers). */
export async function tendersWorkbook(rows: PublicTender[], labels: Map<string, string>) {
  // Loaded on first export: ~27 MB resident that a server which never exports does not carry.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('招标列表');
  sheet.columns = [
    { header: '招标编号', key: 'tenderNo', width: 18 },
    { header: '招标标题', key: 'title', width: 40 },
    { header: '设备类别', key: 'category', width: 14 },
    { header: '采购方式', key: 'procurementMethod', width: 10 },
    { header: '依法必须招标', key: 'mandatory', width: 12 },
    { header: '预算金额', key: 'budget', width: 16, style: { numFmt: '#,##0.00' } },
    { header: '币种', key: 'currency', width: 8 },
    { header: '最高投标限价', key: 'priceCeiling', width: 16, style: { numFmt: '#,##0.00' } },
    { header: '地区', key: 'region', width: 10 },
    { header: '状态', key: 'status', width: 10 },
    { header: '发布时间', key: 'publishedAt', width: 18 },
    { header: '投标截止时间', key: 'bidDeadline', width: 18 },
    { header: '开标时间', key: 'openingAt', width: 18 },
    { header: '澄清/修改次数', key: 'amendmentCount', width: 14 },
    { header: '联系人', key: 'contact', width: 10 },
    { header: '联系电话', key: 'contactPhone', width: 16 },
    { header: '招标内容', key: 'description', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows)
    sheet.addRow({
      ...row,
      category: labels.get(`tender_category:${row.category}`) ?? row.category,
      region: row.region ? (labels.get(`region:${row.region}`) ?? row.region) : '',
      procurementMethod: METHOD_LABEL[row.procurementMethod],
      mandatory: row.mandatory ? '是' : '否',
      status: STATUS_LABEL[row.status],
      publishedAt: time(row.publishedAt),
      bidDeadline: time(row.bidDeadline),
      openingAt: time(row.openingAt),
      description: richTextToPlain(row.description).slice(0, 32_000),
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
