import type { Objection } from '@tender/contracts';

/** Unanswered past its due time (createdAt + 3 days): by the server's flag or the server clock now. */
export const isOverdue = (
  row: Pick<Objection, 'status' | 'answerDueAt' | 'overdue'>,
  now: number,
) => row.status !== 'answered' && (row.overdue || Date.parse(row.answerDueAt) <= now);
