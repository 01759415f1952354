export interface DiffLine {
  key: string;
  text: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown) => JSON.stringify(v, null, 2) ?? 'undefined';

/**
 * Lines of a before/after pair, one per top-level key on each side, marking the keys whose value
 * differs; a side that is not an object is shown whole.
 */
export function diffAudit(
  before: unknown,
  after: unknown,
): { before: DiffLine[]; after: DiffLine[] } {
  const beforeRecord = isRecord(before) ? before : undefined;
  const afterRecord = isRecord(after) ? after : undefined;
  const keys = [
    ...new Set([...Object.keys(beforeRecord ?? {}), ...Object.keys(afterRecord ?? {})]),
  ];
  const changed = new Set(
    keys.filter((key) => show(beforeRecord?.[key]) !== show(afterRecord?.[key])),
  );
  const linesOf = (side: unknown, record: Record<string, unknown> | undefined): DiffLine[] => {
    if (side === null || side === undefined) return [];
    if (!record) return [{ key: '', text: show(side), changed: show(before) !== show(after) }];
    return Object.entries(record).map(([key, value]) => ({
      key,
      text: `"${key}": ${show(value)}`,
      changed: changed.has(key),
    }));
  };
  return { before: linesOf(before, beforeRecord), after: linesOf(after, afterRecord) };
}
