import { eq, isNotNull, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { bidRevisions, bids, files, installationSettings } from '../../db/schema/index.js';
import { masterKeyFingerprint } from '../../lib/seal.js';
import { masterKeyOf } from '../../lib/sealed-bid.js';

export const SEAL_KEY_SETTING = 'bid_seal_key_fingerprint';

export class SealKeyMismatchError extends Error {}

/**
 * At start-up: the fingerprint of the key derived from BID_SEAL_KEY is stored on first use. A
 * different key while sealed bids exist would make every one of them unreadable at the opening,
 * so the server refuses to start and says why, instead of failing on the opening day.
 */
export async function checkSealKey(db: Db, config: Config): Promise<void> {
  const fingerprint = masterKeyFingerprint(masterKeyOf({ config }));
  await db.transaction(async (tx) => {
    await tx
      .insert(installationSettings)
      .values({ key: SEAL_KEY_SETTING, value: fingerprint })
      .onConflictDoNothing();
    const [stored] = await tx
      .select({ value: installationSettings.value })
      .from(installationSettings)
      .where(eq(installationSettings.key, SEAL_KEY_SETTING))
      .for('update');
    if (stored?.value === fingerprint) return;
    // Sealed bids, their revisions and bid files (sealed chunk by chunk, also after opening).
    const any = async (query: Promise<unknown[]>) => (await query).length > 0;
    const sealed =
      (await any(tx.select({ id: bids.id }).from(bids).where(isNotNull(bids.sealed)).limit(1))) ||
      (await any(
        tx
          .select({ id: bidRevisions.bidId })
          .from(bidRevisions)
          .where(isNotNull(bidRevisions.sealed))
          .limit(1),
      )) ||
      (await any(
        tx
          .select({ id: files.id })
          .from(files)
          .where(or(eq(files.ownerType, 'bid'), eq(files.sha256, '')))
          .limit(1),
      ));
    if (sealed)
      throw new SealKeyMismatchError(
        'BID_SEAL_KEY differs from the key the sealed bids in this database were sealed with: ' +
          'they could not be opened. Start the server with the original BID_SEAL_KEY ' +
          '(its fingerprint is stored in installation_settings.bid_seal_key_fingerprint).',
      );
    // Nothing sealed under the old key: the new key is simply adopted.
    await tx
      .update(installationSettings)
      .set({ value: fingerprint })
      .where(eq(installationSettings.key, SEAL_KEY_SETTING));
  });
}
