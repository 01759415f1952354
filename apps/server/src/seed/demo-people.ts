import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { Actor } from '../lib/audit.js';
import type { AuthUser } from '../plugins/auth.js';

export interface DemoPeople {
  manager: AuthUser;
  bidders: AuthUser[];
  finance: AuthUser;
  actor: (user: AuthUser, action: string) => Actor;
}

/** The demo manager, bidder1…3 and finance as the services see a signed-in user, and their audit actor. */
export async function demoPeople(tx: Tx, url = '/seed/demo-lots'): Promise<DemoPeople> {
  const people = await tx
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      roleId: users.roleId,
      supplierId: users.supplierId,
    })
    .from(users)
    .where(inArray(users.username, ['manager', 'bidder1', 'bidder2', 'bidder3', 'finance']));
  const as = (name: string): AuthUser => {
    const p = people.find((x) => x.username === name)!;
    return { ...p, userid: p.id, roleName: '', isAdmin: false };
  };
  return {
    manager: as('manager'),
    bidders: ['bidder1', 'bidder2', 'bidder3'].map(as),
    finance: as('finance'),
    actor: (user, action) => ({
      userId: user.userid,
      username: user.username,
      action,
      method: 'POST',
      url,
      ip: '127.0.0.1',
      requestId: null,
    }),
  };
}
