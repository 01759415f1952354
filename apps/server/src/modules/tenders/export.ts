import { inArray } from 'drizzle-orm';
import { formatDateTime, procurementMethodLabel, type PublicTender } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { dictItems } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import { type SheetColumn, streamWorkbook } from '../../lib/xlsx-stream.js';
import type { TenderFilters } from './queries.js';
import { exportedTenderCount, exportedTenders } from './reads.js';
import { STATUS_LABEL } from './rules.js';

const time = (iso: string | null) => (iso ? formatDateTime(iso) : '');

const COLUMNS: SheetColumn[] = [
  { header: '招标编号', key: 'tenderNo', width: 18 },
  { header: '招标标题', key: 'title', width: 40 },
  { header: '设备类别', key: 'category', width: 14 },
  { header: '采购方式', key: 'procurementMethod', width: 10 },
  { header: '依法必须招标', key: 'mandatory', width: 12 },
  { header: '预算金额', key: 'budget', width: 16, numFmt: '#,##0.00' },
  { header: '币种', key: 'currency', width: 8 },
  { header: '最高投标限价', key: 'priceCeiling', width: 16, numFmt: '#,##0.00' },
  { header: '地区', key: 'region', width: 10 },
  { header: '状态', key: 'status', width: 10 },
  { header: '发布时间', key: 'publishedAt', width: 18 },
  { header: '投标截止时间', key: 'bidDeadline', width: 18 },
  { header: '开标时间', key: 'openingAt', width: 18 },
  { header: '澄清/修改次数', key: 'amendmentCount', width: 14 },
  { header: '标段数', key: 'lotCount', width: 8 },
  { header: '联系人', key: 'contact', width: 10 },
  { header: '联系电话', key: 'contactPhone', width: 16 },
  { header: '招标内容', key: 'description', width: 60 },
];

/** The filtered list as a workbook (Beijing times, Chinese labels, amounts as numbers). */
export function tendersWorkbook(
  batches: AsyncIterable<PublicTender[]>,
  labels: Map<string, string>,
) {
  const sheetRows = async function* () {
    for await (const rows of batches)
      yield rows.map((row) => ({
        ...row,
        category: labels.get(`tender_category:${row.category}`) ?? row.category,
        region: row.region ? (labels.get(`region:${row.region}`) ?? row.region) : '',
        procurementMethod: procurementMethodLabel(row.procurementMethod),
        mandatory: row.mandatory ? '是' : '否',
        status: STATUS_LABEL[row.status],
        publishedAt: time(row.publishedAt),
        bidDeadline: time(row.bidDeadline),
        openingAt: time(row.openingAt),
        // A cell holds 32,767 characters at most.
        description: richTextToPlain(row.description).slice(0, 32_000),
      }));
  };
  return streamWorkbook('招标列表', COLUMNS, sheetRows());
}

/** 导出: the audit row names the filters and the row count; the workbook streams the rows. */
export async function exportTenders(deps: AppDeps, filters: TenderFilters, actor: Actor) {
  await recordAudit(deps.db, actor, {
    targetType: 'tender',
    targetId: 'export',
    after: { filters, rows: await exportedTenderCount(deps, filters) },
  });
  const items = await deps.db
    .select({ typeCode: dictItems.typeCode, value: dictItems.value, label: dictItems.label })
    .from(dictItems)
    .where(inArray(dictItems.typeCode, ['tender_category', 'region']));
  const labels = new Map(items.map((i) => [`${i.typeCode}:${i.value}`, i.label]));
  return tendersWorkbook(exportedTenders(deps, filters), labels);
}
