import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { newPassword, username as usernameRule } from '@tender/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { createAdministrator, seedDatabase } from '../db/seed/index.js';

/** npm run create-admin: the first administrator of a production installation. */
async function main() {
  const config = loadConfig();
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const username = usernameRule.parse(
    process.env.ADMIN_USERNAME ?? (await prompt.question('管理员用户名: ')),
  );
  const password = newPassword.parse(
    process.env.ADMIN_PASSWORD ?? (await prompt.question('管理员密码: ')),
  );
  prompt.close();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    await seedDatabase(database.db, { seed: 'none' });
    const id = await database.db.transaction((tx) => createAdministrator(tx, username, password));
    console.log(`管理员 ${username} 已创建（userid ${id}）`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
