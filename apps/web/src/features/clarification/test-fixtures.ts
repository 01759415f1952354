import type { deskApi } from '@tender/contracts';

type Clarification = deskApi.Clarification;

export const clarificationOf = (over: Partial<Clarification> = {}): Clarification => ({
  id: 9,
  tenderId: 7,
  tenderNo: 'ZB2026-007',
  tenderTitle: '办公楼改造工程',
  lotId: 70,
  lotNo: 1,
  lotName: '办公楼改造工程',
  bidId: 11,
  supplierId: 101,
  supplierName: '甲建设有限公司',
  askedBy: null,
  question: '请说明第 3 章施工组织设计中的工期安排。',
  answerBy: '2026-11-27T12:00:00.000Z',
  askedAt: '2026-11-27T10:00:00.000Z',
  answer: null,
  answerFiles: [],
  answeredAt: null,
  status: 'open',
  ...over,
});
