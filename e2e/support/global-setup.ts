import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the seeded demo database, copied by each file's server. */
    demoDataDir: string;
  }
}

/**
 * Seeds the demo database once for the run: the built server starts on an empty folder (the same
 * path `npm start` takes), seeds it, and stops cleanly, releasing its lock. Every browser-test
 * file then starts from a copy, a few minutes younger than its own start; no demo date sits that
 * close to a boundary.
 */
export default async function setup(project: TestProject) {
  const parent = await mkdtemp(join(tmpdir(), 'tender-e2e-demo-'));
  const seeding = await startServer();
  const template = join(parent, 'data');
  await seeding.stop({ keepDataIn: template });
  project.provide('demoDataDir', template);
  return () => rm(parent, { recursive: true, force: true });
}
