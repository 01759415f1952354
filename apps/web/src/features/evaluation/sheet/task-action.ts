import type { MyTask, MyTaskLot } from '../api/types';

/** What the caller can do on a lot of its task list: a link into the desk, or why not. */
export type LotAction =
  { kind: 'link'; label: string; tab: DeskTab } | { kind: 'none'; text: string };

export type DeskTab = 'sheet' | 'clarifications' | 'others' | 'report';

/**
 * The one action that fits a lot: the pledge before anything; nothing before the opening; a
 * report waiting for the caller's signature before the sheet; otherwise the sheet or the report.
 */
export function lotActionOf(task: Pick<MyTask, 'member'>, lot: MyTaskLot): LotAction {
  const { member } = task;
  if (member.status === 'recused') return { kind: 'none', text: '已回避（由备选专家递补）' };
  if (member.status === 'replaced') return { kind: 'none', text: '已更换' };
  if (!member.pledgedAt) return { kind: 'link', label: '签署承诺书', tab: 'sheet' };
  const report = lot.report && lot.report.status !== 'returned' ? lot.report : null;
  if (report?.status === 'signing' && !report.signed)
    return { kind: 'link', label: '签署报告', tab: 'report' };
  if (report) return { kind: 'link', label: '查看报告', tab: 'report' };
  if (lot.state === 'waiting') return { kind: 'none', text: '待开标' };
  if (lot.state === 'failed') return { kind: 'none', text: '已流标' };
  return { kind: 'link', label: '进入评标', tab: 'sheet' };
}

/** The desk's address for a lot (and the tab to open). */
export const deskPath = (tenderId: number, lotId: number, tab?: DeskTab) =>
  `/evaluationDesk?tenderId=${tenderId}&lotId=${lotId}${tab && tab !== 'sheet' ? `&tab=${tab}` : ''}`;

export const LOT_EVALUATION_STATE_LABELS: Record<MyTaskLot['state'], string> = {
  waiting: '待开标',
  evaluating: '评标中',
  finished: '评标完成',
  failed: '流标',
};
export const SHEET_STATE_LABELS: Record<MyTaskLot['sheet'], string> = {
  none: '未填写',
  draft: '已保存草稿',
  submitted: '已提交',
};
export const MEMBER_ROLE_LABEL = (member: MyTask['member']) =>
  member.chair ? '组长' : member.kind === 'representative' ? '招标人代表' : '委员';
