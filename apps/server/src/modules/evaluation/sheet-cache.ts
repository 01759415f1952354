import { deskApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { DATA_CHANNEL } from '../../db/client.js';
import { tableCacheOf } from '../../db/table-cache.js';
import type { AuthUser } from '../../plugins/auth.js';
import { answerWriter, WrittenAnswer } from '../../plugins/route.js';
import { readSheet } from './sheets.js';

/*
 * get-sheet, kept (issue 34). Once a lot's sheets are submitted each member's desk holds every
 * other sheet: about 130 KB of JSON for 30 bids, 10 criteria and 9 members, which the driver
 * parsed, the view assembled and the route wrote again at every reload (6 to 9 ms of CPU
 * each), though nothing changes until a sheet is saved, submitted or re-opened. Each caller's
 * answer is kept here as written, envelope and all, until one of the tables the desk reads
 * (desk-read.ts) changes, on any instance (migration 0017's triggers, `TableCache`), or until
 * an open question runs out (the count of open clarifications is on the clock).
 *
 * The answer is the caller's own (its sheet, the others' once it submitted, the outliers to the
 * chair alone): it is kept by tender, lot and user, and only an answer is kept, never a refusal
 * (a failed read is not kept), so every refusal is decided by the database at each request.
 * The power to call the route is checked before, at each request, as on every route.
 */

/**
 * What a desk reads, as its tables' triggers announce them (0012, 0013, 0017): bids only those
 * a desk shows, files only a bid's, users only their names.
 */
const DESK_TABLES = [
  'tenders',
  'lots',
  'suppliers',
  'committee_members',
  'experts',
  'user_names',
  'opening_records',
  'evaluation_reports',
  'evaluation_sheets',
  'clarifications',
  'bonds',
  'bids',
  'bid_files',
] as const;

/** A caller's answer as written, and the moments it holds between (ms; null: until a change). */
interface KeptSheet {
  json: Buffer;
  from: number;
  until: number | null;
}

/**
 * 100 answers at most: 13 MB of a lot this size (a tender's committee reads one lot at a time;
 * past it the cache starts again).
 */
const keptSheets = tableCacheOf<KeptSheet>({
  channel: DATA_CHANNEL,
  tables: DESK_TABLES,
  maxEntries: 100,
});

/** Each key's generation: an answer past its moment is left behind for a new one. */
const generations = new Map<string, number>();

/** The route's own writer, checked (every environment but production) as app.ts sets it. */
const writers = new Map<boolean, ReturnType<typeof answerWriter<typeof deskApi.getSheet>>>();
function writerOf(deps: AppDeps) {
  const checked = deps.config.env !== 'production';
  let writer = writers.get(checked);
  if (!writer) writers.set(checked, (writer = answerWriter(deskApi.getSheet, checked)));
  return writer;
}

/** 本人评分表 (get-sheet): the caller's kept answer, or a fresh one kept from now on. */
export async function getSheet(
  deps: AppDeps,
  input: { tenderId: number; lotId?: number },
  user: AuthUser,
): Promise<WrittenAnswer> {
  const cache = keptSheets(deps.changes);
  const key = `${input.tenderId}:${input.lotId ?? ''}:${user.userid}`;
  for (;;) {
    const generation = generations.get(key) ?? 0;
    const kept = await cache.get(`${key}#${generation}`, async () => {
      const now = deps.clock.now();
      const { view, until } = await readSheet(deps, input, user, now);
      return { json: writerOf(deps)(view), from: now.getTime(), until: until?.getTime() ?? null };
    });
    const now = deps.clock.now().getTime();
    if (kept.from <= now && (kept.until === null || now < kept.until))
      return new WrittenAnswer(kept.json);
    if (generations.size >= 1_000) generations.clear();
    generations.set(key, generation + 1);
  }
}
