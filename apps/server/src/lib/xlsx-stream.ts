import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

/** Rows an export may hold at most (an .xlsx sheet holds 1,048,576; nobody reads more). */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows read from the database and written at a time: what an export holds in memory. */
export const EXPORT_BATCH_ROWS = 1_000;

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** An Excel number format, e.g. '#,##0.00' for amounts. */
  numFmt?: string;
}

/**
 * A one-sheet workbook written as it is read: each batch of rows is written and committed
 * before the next is asked for, and the next waits while the client has not taken the last,
 * so an export of 100,000 rows holds about one batch in memory instead of the whole sheet.
 * A failure part-way ends the stream with the error (the client sees an aborted download).
 */
export function streamWorkbook(
  sheetName: string,
  columns: SheetColumn[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  const out = new PassThrough();
  void (async () => {
    // Loaded on first export: ~27 MB resident that a server which never exports does not carry.
    const { default: ExcelJS } = await import('exceljs');
    // Inline strings: a shared-string table would grow with the sheet until the end.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(({ numFmt, ...column }) => ({
      ...column,
      ...(numFmt ? { style: { numFmt } } : {}),
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(row).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
      if (out.destroyed) return; // the client hung up: stop reading
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * Up to `max` rows in batches, each read after the last row of the one before (keyset paging:
 * every batch is an index walk, however deep into the list).
 */
export async function* keysetBatches<T>(
  read: (after: T | undefined, limit: number) => Promise<T[]>,
  { max = EXPORT_MAX_ROWS, batch = EXPORT_BATCH_ROWS } = {},
): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (let left = max; left > 0;) {
    const rows = await read(after, Math.min(batch, left));
    if (rows.length > 0) yield rows;
    if (rows.length < Math.min(batch, left)) return;
    left -= rows.length;
    after = rows.at(-1);
  }
}
