import {
  DEFAULT_LOT_MIN_BIDS,
  lotIssues,
  type AnyLotView,
  type LotInput,
  type LotRuleIssue,
} from '@tender/contracts';

/** One row of the lots table as the form holds it (empty cells are null or undefined). */
export interface LotFormRow {
  /** Kept from a saved lot, so that its id (and what hangs on it) survives the edit. */
  lotId?: number;
  name?: string;
  budget?: number | null;
  priceCeiling?: number | null;
  minBids?: number | null;
  bidBond?: number | null;
  quantity?: string | null;
  description?: string;
}

export const newLotRow = (): LotFormRow => ({
  name: '',
  budget: null,
  priceCeiling: null,
  minBids: DEFAULT_LOT_MIN_BIDS,
  bidBond: 0,
  quantity: null,
  description: '',
});

/** A saved lot as a row of the table. */
export const toLotRow = (lot: AnyLotView): LotFormRow => ({
  lotId: lot.lotId,
  name: lot.name,
  budget: lot.budget,
  priceCeiling: lot.priceCeiling,
  minBids: lot.minBids,
  bidBond: lot.bidBond,
  quantity: lot.quantity,
  description: lot.description,
});

/**
 * Whether a saved tender is edited with the lots table: it has several lots, or its one lot
 * carries what the tender's own fields cannot show (a bond, a quantity, a description).
 */
export const needsLotTable = (lots: readonly AnyLotView[] | undefined) =>
  !!lots &&
  (lots.length > 1 ||
    lots.some((lot) => lot.bidBond > 0 || !!lot.quantity || lot.description !== ''));

/** The table's rows as the contract's `lots`, numbered by their place in the list. */
export const toLotInputs = (rows: readonly LotFormRow[]): LotInput[] =>
  rows.map((row) => ({
    ...(row.lotId !== undefined ? { lotId: row.lotId } : {}),
    name: row.name ?? '',
    budget: row.budget ?? ('' as unknown as number),
    priceCeiling: row.priceCeiling ?? null,
    minBids: row.minBids ?? DEFAULT_LOT_MIN_BIDS,
    bidBond: row.bidBond ?? 0,
    quantity: row.quantity?.trim() ? row.quantity.trim() : null,
    description: row.description ?? '',
  }));

/** 合计预算: the sum of the lots' budgets, to the cent. */
export const lotsBudget = (rows: readonly LotFormRow[] | undefined) =>
  Math.round((rows ?? []).reduce((sum, row) => sum + (row.budget ?? 0), 0) * 100) / 100;

/**
 * The contract's lot rules (the server's own) on the rows as they are typed: empty cells are
 * left to their own field's rule, so a half-filled row is judged on what it has.
 */
export function lotRuleIssues(
  rows: readonly LotFormRow[] | undefined,
  tender: { mandatory?: boolean; maxLotsPerWinner?: number | null },
): LotRuleIssue[] {
  const list = rows ?? [];
  return lotIssues(
    list.map((row, index) => ({
      lotNo: index + 1,
      name: row.name ?? '',
      budget: row.budget ?? Number.POSITIVE_INFINITY,
      priceCeiling: row.priceCeiling ?? null,
      minBids: row.minBids ?? DEFAULT_LOT_MIN_BIDS,
      bidBond: row.bidBond ?? 0,
    })),
    { mandatory: tender.mandatory ?? false, maxLotsPerWinner: tender.maxLotsPerWinner ?? null },
  );
}

/** The first rule's message at `['lots', index, field]` or at `['maxLotsPerWinner']`. */
export const issueAt = (issues: readonly LotRuleIssue[], path: (string | number)[]) =>
  issues.find((issue) => issue.path.join('.') === path.join('.'))?.message;
