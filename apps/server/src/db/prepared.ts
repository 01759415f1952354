import type { Db } from './client.js';

/**
 * A query built once per database handle and then run with its placeholders' values
 * (`sql.placeholder`). Building a query in drizzle costs more CPU than PostgreSQL spends
 * answering a small one (~13 % of a tender's detail in a profile), and a named statement is
 * parsed and planned once per connection. For the app's own handle only, never a transaction.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
