// Runs in its own process beside the PostgreSQL load: migrates and seeds an embedded database
// in DATA_DIR/pgdata, then loads `count` tenders into it. Usage: prepare-pglite.ts <dir> <count>
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDatabase } from '../apps/server/src/seed/index.js';
import { loadTendersPglite } from './load.js';

const [dir, count, sealKey] = process.argv.slice(2);
mkdirSync(dir!, { recursive: true, mode: 0o700 });
const dataDir = path.join(dir!, 'pgdata');
const database = await openDatabase({ kind: 'pglite', dataDir });
await seedDatabase(database.db, { seed: 'demo', bidSealKey: sealKey });
await database.close();
const client = await PGlite.create({ dataDir });
await loadTendersPglite(client, Number(count), new Date());
await client.close();
