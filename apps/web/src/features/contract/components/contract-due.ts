import type { contractApi } from '@tender/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from Beijing day `from` to Beijing day `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export type DueState =
  | { kind: 'signed'; late: number }
  | { kind: 'overdue'; days: number }
  | { kind: 'today' }
  | { kind: 'left'; days: number };

/**
 * Where a lot's contract stands against its due day, `today` being the server's Beijing day.
 * Red comes from the server's `overdue` (its clock decides); the days are counted here.
 */
export function dueStateOf(
  row: Pick<contractApi.ContractRow, 'dueAt' | 'signedAt' | 'overdue'>,
  today: string,
): DueState {
  if (row.signedAt !== null)
    return { kind: 'signed', late: Math.max(0, daysBetween(row.dueAt, row.signedAt)) };
  const left = daysBetween(today, row.dueAt);
  if (row.overdue) return { kind: 'overdue', days: Math.max(1, -left) };
  return left <= 0 ? { kind: 'today' } : { kind: 'left', days: left };
}

/** What the 合同期限 cell says under the due day. */
export function dueText(state: DueState): string {
  switch (state.kind) {
    case 'signed':
      return state.late > 0 ? `已签订（逾期 ${state.late} 天）` : '已签订';
    case 'overdue':
      return `已逾期 ${state.days} 天`;
    case 'today':
      return '今天到期';
    case 'left':
      return `剩 ${state.days} 天`;
  }
}
