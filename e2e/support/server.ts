import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the server and deletes its data folder, or moves it to `keepDataIn` after a clean exit. */
  stop(options?: { keepDataIn?: string }): Promise<void>;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string) {
  // Seeding the demo on a busy 2-core machine has taken over two minutes.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/tendering-service/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after 240 s:\n${log()}`);
}

/**
 * Starts the built server on a free port with a fresh data folder (the demo seed). With
 * `template`, the folder starts as a copy of that one (a demo database seeded once for the whole
 * run by global-setup.ts: seeding it again for each file was a third of the browser tests' time).
 */
export async function startServer(
  env: Record<string, string> = {},
  template?: string,
): Promise<RunningServer> {
  for (const file of [MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tender-e2e-'));
  if (template) await cp(template, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop: RunningServer['stop'] = async ({ keepDataIn } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepDataIn) return rm(dataDir, { recursive: true, force: true });
    // Only a clean shutdown has flushed the database and released the folder's lock.
    if (child.exitCode !== 0) throw new Error(`server did not stop cleanly:\n${output}`);
    await rename(dataDir, keepDataIn);
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
