import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { newPassword, username as usernameRule } from '@tender/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { secureDataDir } from '../db/data-dir.js';
import { assertPasswordNotGuessable } from '../lib/password.js';
import { createAdministrator, seedDatabase } from '../db/seed/index.js';

/** Reads a line without echoing it, so the password never shows on the terminal or in its scrollback. */
async function askHidden(question: string) {
  process.stdout.write(question);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const prompt = createInterface({ input: process.stdin, output: muted, terminal: true });
  const answer = await prompt.question('');
  prompt.close();
  process.stdout.write('\n');
  return answer;
}

/** npm run create-admin: the first administrator of a production installation. */
async function main() {
  process.umask(0o077);
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const username = usernameRule.parse(
    process.env.ADMIN_USERNAME ?? (await prompt.question('管理员用户名: ')),
  );
  prompt.close();
  const password = newPassword.parse(
    process.env.ADMIN_PASSWORD ?? (await askHidden('管理员密码（输入时不显示）: ')),
  );
  assertPasswordNotGuessable(password, username);
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
