import { and, asc, eq, inArray } from 'drizzle-orm';
import { maskAccount, type SameAccountWarning } from '@tender/contracts/bond';
import type { Tx } from '../../db/client.js';
import { bonds, suppliers } from '../../db/schema/index.js';

/**
 * R 40 (串通投标: 投标保证金从同一单位或个人的账户转出): the suppliers of one lot whose live bonds
 * (declared or verified) came from the same bank account. For the comparison and the
 * evaluation desk, which open only after the opening; the account is masked there too.
 */
export async function sameAccountWarnings(tx: Tx, lotId: number): Promise<SameAccountWarning[]> {
  const rows = await tx
    .select({ account: bonds.payerAccount, supplierName: suppliers.companyName })
    .from(bonds)
    .innerJoin(suppliers, eq(suppliers.id, bonds.supplierId))
    .where(and(eq(bonds.lotId, lotId), inArray(bonds.status, ['declared', 'verified'])))
    .orderBy(asc(bonds.payerAccount), asc(suppliers.companyName));
  const byAccount = new Map<string, string[]>();
  for (const row of rows)
    byAccount.set(row.account, [...(byAccount.get(row.account) ?? []), row.supplierName]);
  return [...byAccount]
    .filter(([, names]) => names.length > 1)
    .map(([account, supplierNames]) => ({
      lotId,
      account: maskAccount(account),
      supplierNames,
    }));
}
