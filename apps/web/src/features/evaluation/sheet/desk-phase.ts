import type { MyTask, Sheet } from '../api/types';

/**
 * Where the desk stands for the caller: the pledge comes before any bid is shown; a member who
 * recused (or was replaced) sees nothing more; then the sheet, editable until submitted.
 */
export type DeskPhase =
  | { kind: 'unknown' }
  | { kind: 'left'; status: 'recused' | 'replaced'; reason: string | null }
  | { kind: 'pledge' }
  | { kind: 'sheet'; editable: boolean };

export function deskPhaseOf(
  task: Pick<MyTask, 'member'> | undefined,
  sheet: Pick<Sheet, 'submittedAt' | 'report'> | undefined,
): DeskPhase {
  if (!task) return { kind: 'unknown' };
  const { member } = task;
  if (member.status !== 'active')
    return { kind: 'left', status: member.status, reason: member.reason };
  if (!member.pledgedAt) return { kind: 'pledge' };
  const locked =
    !sheet ||
    sheet.submittedAt !== null ||
    (sheet.report !== null && sheet.report.status !== 'returned');
  return { kind: 'sheet', editable: !locked };
}
