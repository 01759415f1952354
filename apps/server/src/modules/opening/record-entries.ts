import type { OpeningEntry } from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { storedRecord } from './opening.js';

/**
 * What the opening read out, bid by bid: the record is the legal one, so after the opening a
 * bid's price and terms come from here alone (the comparison ranks them, the award takes the
 * winner's), never from the bid row, lot by lot. Null before the opening.
 */
export async function openedEntries(
  tx: Tx,
  tenderId: number,
  /** One lot's entries only; every lot's when left out. */
  lotId?: number,
): Promise<OpeningEntry[] | null> {
  const stored = await storedRecord(tx, tenderId);
  if (!stored) return null;
  const entries = stored.entries as OpeningEntry[];
  return lotId === undefined ? entries : entries.filter((entry) => entry.lotId === lotId);
}
