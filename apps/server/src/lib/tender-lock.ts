import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { tenders } from '../db/schema/index.js';
import { NotFound } from './errors.js';

/** The tender row, locked: `share` for bids (many at once), `update` for opening and award. */
export async function lockTender(tx: Tx, tenderId: number, mode: 'share' | 'update') {
  const [tender] = await tx
    .select()
    .from(tenders)
    .where(eq(tenders.id, tenderId))
    .for(mode === 'share' ? 'share' : 'update');
  return tender;
}

export const tenderNotFound = (id: number) => new NotFound(`招标项目 ${id} 不存在`);
export const bidNotFound = (id: number) => new NotFound(`投标 ${id} 不存在`);
