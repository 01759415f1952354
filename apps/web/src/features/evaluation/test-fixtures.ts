import type { DeskBid, MyTask, Sheet } from './api/types';

export const bidOf = (over: Partial<DeskBid> = {}): DeskBid => ({
  bidId: 11,
  supplierId: 101,
  supplierName: '甲建设有限公司',
  totalPrice: 1_150_000,
  currency: 'CNY',
  deliveryDays: 30,
  warrantyMonths: 24,
  remark: null,
  files: [{ id: 501, name: '技术方案.pdf', size: 2048 }],
  submittedAt: '2026-11-20T02:00:00.000Z',
  ...over,
});

export const COMPREHENSIVE_EVALUATION: Sheet['evaluation'] = {
  committee: true,
  method: 'comprehensive',
  criteria: [
    { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 40 },
    { criterionId: 2, name: '商务条款', kind: 'commercial', maxScore: 30 },
    { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 30 },
  ],
  priceFormula: 'lowest_benchmark',
  benchmarkFactor: 0.95,
  deductAbove: 1.2,
  deductBelow: 0.8,
  candidates: 3,
};

export const sheetOf = (over: Partial<Sheet> = {}): Sheet => ({
  tenderId: 7,
  lotId: 70,
  memberId: 1,
  chair: false,
  evaluation: COMPREHENSIVE_EVALUATION,
  criteria: COMPREHENSIVE_EVALUATION.criteria,
  bids: [
    bidOf(),
    bidOf({ bidId: 12, supplierId: 102, supplierName: '乙科技有限公司', totalPrice: 980_000 }),
  ],
  review: [],
  scores: [],
  savedAt: null,
  submittedAt: null,
  reopenReason: null,
  progress: [
    { memberId: 1, name: '张评审', submitted: false },
    { memberId: 2, name: '李评审', submitted: false },
    { memberId: 3, name: '王评审', submitted: false },
  ],
  others: null,
  outliers: null,
  openClarifications: 0,
  report: null,
  ...over,
});

export const memberOf = (over: Partial<MyTask['member']> = {}): MyTask['member'] => ({
  memberId: 1,
  userid: 31,
  name: '张评审',
  employer: '某设计研究院',
  title: '高级工程师',
  kind: 'expert',
  chair: false,
  status: 'active',
  pledgedAt: '2026-11-21T01:00:00.000Z',
  reason: null,
  joinedAt: '2026-11-21T00:00:00.000Z',
  drawId: 1,
  ...over,
});

export const taskOf = (over: Partial<MyTask> = {}): MyTask => ({
  tenderId: 7,
  tenderNo: 'ZB2026-007',
  title: '办公楼改造工程',
  committeeId: 3,
  member: memberOf(),
  suppliers: ['甲建设有限公司', '乙科技有限公司', '丙工程有限公司'],
  lots: [
    {
      lotId: 70,
      lotNo: 1,
      name: '办公楼改造工程',
      state: 'evaluating',
      sheet: 'none',
      report: null,
    },
  ],
  ...over,
});
