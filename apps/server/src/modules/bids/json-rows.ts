/**
 * Rows as one JSON parameter, for a statement that writes many rows at once through
 * `jsonb_to_recordset` (the opening). Its text must reach the table as a plain text parameter
 * would: JSON carries a lone surrogate ("\ud800", which a client may send) as an escape that
 * PostgreSQL's JSON refuses, so such text goes as its UTF-8 encoding reads back, U+FFFD in its
 * place, as the driver writes it in a text parameter.
 */
export const jsonRows = (rows: readonly object[]) =>
  JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' && /[\uD800-\uDFFF]/.test(value)
      ? Buffer.from(value, 'utf8').toString('utf8')
      : value,
  );
