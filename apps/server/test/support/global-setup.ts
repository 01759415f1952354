import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The start of this run's PostgreSQL template databases' names (support/database.ts). */
    templatePrefix: string;
  }
}

/** Names this run's template databases, and drops them when the run ends. */
export default function setup(project: TestProject) {
  const prefix = `tender_tpl_${randomBytes(4).toString('hex')}`;
  project.provide('templatePrefix', prefix);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB_KIND !== 'postgres' || !adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1)`,
        [`${prefix}_`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
