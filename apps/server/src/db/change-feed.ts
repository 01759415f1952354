import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_CHANNELS, type ChangeListener, type Database } from './client.js';

const HEARTBEAT_MS = 250;
const HEARTBEAT_TRUST_MS = 750;
const RECONNECT_MS = 200;

/**
 * What changed in the database, for the answers this instance keeps in memory (the access
 * cache, `TableCache`s). Statement triggers make PostgreSQL announce every change on
 * CHANGE_CHANNELS at commit (migrations 0007 and 0012).
 *
 * The pooled connections listen too, and PostgreSQL hands a session its own notifications
 * before it reports the commit done, so the instance that made a change has heard it before
 * its own answer leaves. Other instances hear it on a dedicated listening connection; while
 * that connection is not known to be alive (a heartbeat answered in the last
 * HEARTBEAT_TRUST_MS), `live` is false and caches must read through, so a change applies
 * everywhere within one second even if notifications are lost. PGlite's one session hears
 * every change synchronously and is always live.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private lastHeartbeat = 0;
  private closed = false;
  private listener: pg.Client | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly alwaysListening: boolean;

  constructor(
    database: Database,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.alwaysListening = database.kind === 'pglite';
    database.onChange(this.announce);
  }

  /** Whether memory may be trusted right now. */
  get live() {
    if (this.closed) return false;
    return this.alwaysListening || Date.now() - this.lastHeartbeat < HEARTBEAT_TRUST_MS;
  }

  /** The backend of the listening connection (tests drop it to prove the reconnection). */
  get listenerPid(): number | undefined {
    return (this.listener as { processID?: number } | undefined)?.processID;
  }

  subscribe(listener: ChangeListener) {
    this.listeners.add(listener);
  }

  /** Also called when nobody knows what changed (reconnection): with table `*`. */
  private announce: ChangeListener = (channel, table) => {
    for (const listener of this.listeners) listener(channel, table);
  };

  private forgetEverything() {
    for (const channel of CHANGE_CHANNELS) this.announce(channel, '*');
  }

  /** PostgreSQL: the dedicated listening connection, reconnected whenever it drops. */
  async listenOn(url: string) {
    const connect = async () => {
      if (this.closed) return;
      const client = new pg.Client({ connectionString: url, keepAlive: true });
      const dropped = () => {
        if (this.listener !== client) return;
        this.listener = undefined;
        this.lastHeartbeat = 0;
        this.forgetEverything();
        client.end().catch(() => {});
        this.later(connect, RECONNECT_MS);
      };
      client.on('error', (error) => {
        this.log?.warn({ err: error }, 'change notifications lost; reconnecting');
        dropped();
      });
      client.on('end', dropped);
      client.on('notification', (message) => this.announce(message.channel, message.payload ?? ''));
      try {
        this.listener = client;
        await client.connect();
        for (const channel of CHANGE_CHANNELS) await client.query(`listen ${channel}`);
        // Whatever changed while nobody listened is unknown: start afresh.
        this.forgetEverything();
        this.lastHeartbeat = Date.now();
        this.heartbeat(client);
      } catch {
        dropped();
      }
    };
    await connect();
  }

  private heartbeat(client: pg.Client) {
    this.later(async () => {
      if (this.listener !== client) return;
      try {
        await client.query('select 1');
        // Notifications sent before the answer were delivered before it.
        this.lastHeartbeat = Date.now();
      } catch {
        // 'error'/'end' reconnect.
      }
      this.heartbeat(client);
    }, HEARTBEAT_MS);
  }

  private later(run: () => unknown, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }
}
