import type { ChangeFeed } from './change-feed.js';

export interface TableCacheOptions {
  /** The tables the kept answers are read from: a change to any of them empties the cache. */
  tables: readonly string[];
  /** The channel those tables' triggers notify on: DATA_CHANNEL (0012), ACCESS_CHANNEL (0007). */
  channel: string;
  /** Entries kept at most; past it the cache starts again (a bound on memory, not a policy). */
  maxEntries: number;
}

/**
 * Answers read from the database, kept in memory until one of their tables changes (see
 * `ChangeFeed` for why that is soon enough on every instance). Keep only what the tables decide:
 * anything derived from the clock is derived again from the kept rows at each request.
 */
export class TableCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  private readonly tables: Set<string>;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: TableCacheOptions,
  ) {
    this.tables = new Set(options.tables);
    feed.subscribe((channel, table) => {
      if (channel === options.channel && (table === '*' || this.tables.has(table))) this.clear();
    });
  }

  /** Forgets every answer, loads under way included: they may have read the old state. */
  clear = () => this.entries.clear();

  /**
   * The kept answer for `key`, or `load()`'s, shared by the requests that ask while it runs.
   * While the feed is not live nothing is kept or served from memory.
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.feed.live) return load();
    const kept = this.entries.get(key);
    if (kept) return kept;
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
    const loading = load();
    // Stored before it settles, so that a change while it runs drops it with the rest.
    this.entries.set(key, loading);
    // A failed load is not kept: the next request tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }
}

/**
 * A cache declared once beside its query and made for each app (its change feed) on first use,
 * like `preparedQuery`.
 */
export function tableCacheOf<V>(options: TableCacheOptions): (feed: ChangeFeed) => TableCache<V> {
  const caches = new WeakMap<ChangeFeed, TableCache<V>>();
  return (feed) => {
    let cache = caches.get(feed);
    if (!cache) caches.set(feed, (cache = new TableCache<V>(feed, options)));
    return cache;
  };
}
