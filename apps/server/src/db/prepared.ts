import type { Db } from './client.js';

/**
 * A query built once per database handle and then run with its placeholders' values
 * (`sql.placeholder`). Building a query in drizzle costs more CPU than PostgreSQL spends
 * answering a small one (~13 % of a tender's detail in a profile), and a named statement is
 * parsed and planned once per connection. For the app's own handle only, never a transaction.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const variants = preparedVariants((db) => build(db));
  return (db) => variants(db, '');
}

/**
 * Prepared queries of one family, one per variant (e.g. which filters a list was given): each
 * variant's statement holds only its own conditions, so PostgreSQL can keep one generic plan
 * for it instead of planning a catch-all statement anew on every run.
 */
export function preparedVariants<Q>(
  build: (db: Db, variant: string) => Q,
): (db: Db, variant: string) => Q {
  const built = new WeakMap<Db, Map<string, Q>>();
  return (db, variant) => {
    let queries = built.get(db);
    if (!queries) built.set(db, (queries = new Map()));
    let query = queries.get(variant);
    if (!query) queries.set(variant, (query = build(db, variant)));
    return query;
  };
}
