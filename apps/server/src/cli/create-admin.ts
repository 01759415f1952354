import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { newPassword, username as usernameRule } from '@tender/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { secureDataDir } from '../db/data-dir.js';
import { assertPasswordNotGuessable } from '../lib/password.js';
import { createAdministrator, seedDatabase } from '../seed/index.js';

/**
 * One prompt for both questions (two would split piped input between them); while the
 * password is typed nothing is echoed, so it never shows on the terminal or in its scrollback.
 */
function createPrompt() {
  let muted = false;
  const output = new Writable({
    write: (chunk, encoding, done) => {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  // The line iterator buffers: piped answers that arrive before their question are kept.
  const lines = prompt[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    return done ? '' : String(value);
  };
  return {
    async ask(question: string) {
      process.stdout.write(question);
      return nextLine();
    },
    async askHidden(question: string) {
      process.stdout.write(question);
      muted = true;
      const answer = await nextLine();
      muted = false;
      process.stdout.write('\n');
      return answer;
    },
    close: () => prompt.close(),
  };
}

/** npm run create-admin: the first administrator of a production installation. */
async function main() {
  process.umask(0o077);
  const config = loadConfig();
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const prompt = createPrompt();
  const username = usernameRule.parse(
    process.env.ADMIN_USERNAME ?? (await prompt.ask('管理员用户名: ')),
  );
  const password = newPassword.parse(
    process.env.ADMIN_PASSWORD ?? (await prompt.askHidden('管理员密码（输入时不显示）: ')),
  );
  prompt.close();
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
