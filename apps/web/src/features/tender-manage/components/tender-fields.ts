import { formatDateTime } from '@/lib/time';
import { formatAmount } from '@/lib/amount';

/** Chinese names of the tender's fields, for amendment and change-log rows. */
export const TENDER_FIELD_LABELS: Record<string, string> = {
  title: '招标标题',
  category: '设备类别',
  procurementMethod: '采购方式',
  budget: '预算金额',
  currency: '币种',
  region: '地区',
  description: '招标内容',
  contact: '联系人',
  contactPhone: '联系电话',
  mandatory: '依法必须招标',
  docsFrom: '文件获取开始',
  docsUntil: '文件获取截止',
  bidValidityDays: '投标有效期（日）',
  bidDeadline: '投标截止时间',
  openingAt: '开标时间',
  minBids: '最少有效投标数',
  priceCeiling: '最高投标限价',
  sealMode: '密封方式',
  decryptionMinutes: '解密时限（分钟）',
  confirmMinutes: '开标记录确认时限（分钟）',
  invitedSupplierIds: '邀请供应商',
  documentIds: '招标文件',
  status: '状态',
  reason: '原因',
  amendmentNo: '澄清/修改编号',
  cancelReason: '终止原因',
  publishedAt: '发布时间',
  tenderNo: '招标编号',
  supplierId: '供应商',
  retenderOf: '原招标项目',
  lots: '标段',
  maxLotsPerWinner: '每个投标人最多中标标段数',
  lotIds: '涉及标段',
  evaluation: '评标设置',
};

export const fieldLabel = (field: string) => TENDER_FIELD_LABELS[field] ?? field;

const DATE_FIELDS = new Set(['docsFrom', 'docsUntil', 'bidDeadline', 'openingAt', 'publishedAt']);
const AMOUNT_FIELDS = new Set(['budget', 'priceCeiling']);

/** A before/after value as text; HTML descriptions are reduced to their text. */
export function fieldValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (DATE_FIELDS.has(field)) return formatDateTime(String(value));
  if (AMOUNT_FIELDS.has(field) && typeof value === 'number') return formatAmount(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (field === 'description' && typeof value === 'string') {
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return text.length > 80 ? `${text.slice(0, 80)}…` : text || '（空）';
  }
  if (field === 'lots' && Array.isArray(value)) return lotsText(value);
  if (field === 'evaluation' && typeof value === 'object') return evaluationText(value);
  if (Array.isArray(value)) return value.length ? value.join('、') : '（无）';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A list of lots in a change row: "标段 1：主变压器（预算 1,000,000.00）；标段 2：…". */
function lotsText(lots: unknown[]): string {
  if (lots.length === 0) return '（无）';
  return lots
    .map((lot, index) => {
      const { lotNo, name, budget } = (lot ?? {}) as {
        lotNo?: number;
        name?: string;
        budget?: number;
      };
      const figure = typeof budget === 'number' ? `（预算 ${formatAmount(budget)}）` : '';
      return `标段 ${lotNo ?? index + 1}：${name ?? ''}${figure}`;
    })
    .join('；');
}

const METHOD_TEXT: Record<string, string> = {
  lowest_price: '经评审的最低投标价法',
  comprehensive: '综合评估法',
};

/** Evaluation settings in a change row: "评标委员会 · 综合评估法 · 技术方案 40、…". */
function evaluationText(value: object): string {
  const v = value as {
    committee?: boolean;
    method?: string;
    criteria?: { name?: string; maxScore?: number }[];
    candidates?: number;
  };
  if (!v.committee) return '招标管理员比价定标';
  const criteria = (v.criteria ?? []).map((c) => `${c.name ?? ''} ${c.maxScore ?? ''}`).join('、');
  return [
    '评标委员会',
    METHOD_TEXT[v.method ?? ''] ?? v.method,
    criteria,
    v.candidates ? `推荐 ${v.candidates} 名` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
