/**
 * Whether an update names at least one field. An update naming none changes nothing: drizzle
 * refuses an empty SET, which was a 500 (found by the fuzz test).
 */
export const namesAField = (changes: Record<string, unknown>): boolean =>
  Object.values(changes).some((value) => value !== undefined);
