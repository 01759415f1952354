// The API suite runs on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const run = (kind) => {
  console.log(`\n=== API tests on ${kind} ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DB_KIND: kind },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('pglite');
if (process.env.TEST_DATABASE_URL) run('postgres');
else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the API suite is skipped.');
if (!process.env.TEST_REDIS_URL)
  console.log(
    'TEST_REDIS_URL is not set: the Redis rate-limit test (two-instances.test.ts) is skipped.',
  );
