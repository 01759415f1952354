/*
 * The query keys that more than one feature reads or refreshes, in one place: a change in one
 * feature refreshes what others show of it (a role's users, a power's roles and interfaces), and
 * a call several screens make is cached once, so they never disagree.
 */

/** Query keys of roles; every role mutation invalidates `all`. */
export const roleKeys = {
  all: ['role'] as const,
  list: (query: object) => ['role', 'list', query] as const,
  options: () => ['role', 'options'] as const,
  detail: (roleId: number) => ['role', 'detail', roleId] as const,
};

/** Query keys of the user list; every user mutation invalidates `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (query: object) => ['admin', 'list', query] as const,
  options: () => ['admin', 'options'] as const,
};

/** Query keys of interfaces; every interface mutation invalidates `all`. */
export const interfaceKeys = {
  all: ['interface'] as const,
  list: (query: object) => ['interface', 'list', query] as const,
};

/** Query keys of powers; every power mutation invalidates `all`. */
export const powerKeys = {
  all: ['power'] as const,
  tree: (filter: object) => ['power', 'tree', filter] as const,
  superiors: (type: string) => ['power', 'superiors', type] as const,
};

/**
 * Query keys of one tender's bids, opening record and comparison (with the award's readiness);
 * open and award invalidate `tender`, and the announcements' publication, revocation and the
 * answer to an objection invalidate `all` (they decide whether 定标 may go ahead).
 */
export const bidOpeningKeys = {
  all: ['bid-opening'] as const,
  tender: (tenderId: number) => ['bid-opening', tenderId] as const,
  count: (tenderId: number) => ['bid-opening', tenderId, 'count'] as const,
  record: (tenderId: number) => ['bid-opening', tenderId, 'record'] as const,
  ceremony: (tenderId: number) => ['bid-opening', tenderId, 'ceremony'] as const,
  /** One lot's comparison (`lotId` left out: a one-lot tender's, as the server answers it). */
  comparison: (tenderId: number, lotId?: number) =>
    lotId === undefined
      ? (['bid-opening', tenderId, 'comparison'] as const)
      : (['bid-opening', tenderId, 'comparison', lotId] as const),
};

/** Query keys of the tender screens; every tender mutation invalidates `all`. */
export const tenderKeys = {
  all: ['tender'] as const,
  list: (query: object) => ['tender', 'list', query] as const,
  detail: (id: number) => ['tender', 'detail', id] as const,
  amendments: (id: number) => ['tender', 'amendments', id] as const,
  downloadLog: (query: object) => ['tender', 'download-log', query] as const,
  log: (query: object) => ['tender', 'log', query] as const,
  participants: (id: number) => ['tender', 'participants', id] as const,
  supplierOptions: () => ['tender', 'supplier-options'] as const,
};

/** The caller's own company (a bidder's), read by its profile and the tender list. */
export const mySupplierKey = ['my-supplier'] as const;
