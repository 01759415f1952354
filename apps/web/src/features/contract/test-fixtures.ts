import { formatDate, type contractApi } from '@tender/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An awarded lot awarded `awardedDaysAgo` days ago (on the real clock), with no contract yet. */
export function contractRowOf(
  awardedDaysAgo: number,
  over: Partial<contractApi.ContractRow> = {},
): contractApi.ContractRow {
  const noticeAt = new Date(Date.now() - awardedDaysAgo * DAY_MS);
  return {
    tenderId: 7,
    tenderNo: 'ZB-2026-000007',
    tenderTitle: '海上风电场 220kV 海缆采购',
    lotId: 70,
    lotNo: 1,
    lotName: '海上风电场 220kV 海缆采购',
    supplierId: 101,
    supplierName: '东方电缆股份有限公司',
    awardedAmount: 3_250_000.5,
    noticeAt: noticeAt.toISOString(),
    dueAt: formatDate(new Date(noticeAt.getTime() + 30 * DAY_MS)),
    contractId: null,
    signedAt: null,
    amount: null,
    files: [],
    overdue: awardedDaysAgo > 30,
    ...over,
  };
}
