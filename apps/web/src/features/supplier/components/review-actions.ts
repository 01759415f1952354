import type { Supplier, SupplierStatus, supplierApi } from '@tender/contracts';

export type ReviewAction = (typeof supplierApi.AUDIT_ACTIONS)[number];

/** What each action is called, what it does, and the states it starts from (the server's rule). */
export const REVIEW_ACTIONS: Record<
  ReviewAction,
  { label: string; title: string; effect: string; from: SupplierStatus[]; danger?: boolean }
> = {
  approve: {
    label: '通过',
    title: '审核通过',
    effect: '通过后该供应商即可报名招标项目并投标。',
    from: ['pending', 'rejected'],
  },
  reject: {
    label: '驳回',
    title: '驳回注册',
    effect: '驳回原因将展示给供应商，供应商修改公司信息后可重新提交审核。',
    from: ['pending'],
    danger: true,
  },
  blacklist: {
    label: '拉黑',
    title: '列入黑名单',
    effect: '拉黑期间该供应商不能报名或投标；设定截止日期的，到期后自动解除。',
    from: ['pending', 'approved', 'rejected'],
    danger: true,
  },
  restore: {
    label: '恢复',
    title: '恢复为已通过',
    effect: '恢复后该供应商的状态变为「已通过」，可以重新报名和投标。',
    from: ['blacklisted'],
  },
};

/** The actions a supplier in this state allows, in the order the buttons show. */
export const actionsFor = (supplier: Pick<Supplier, 'status'>): ReviewAction[] =>
  (Object.keys(REVIEW_ACTIONS) as ReviewAction[]).filter((action) =>
    REVIEW_ACTIONS[action].from.includes(supplier.status),
  );
