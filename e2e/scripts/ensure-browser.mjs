// The browser tests need Chromium and a CJK font (without one, Chinese renders as boxes in the
// screenshots), and poppler's pdftoppm/pdftotext to render the PDFs the server writes (a PDF
// works when it renders, not when its text extracts). A fresh Debian machine has none of them:
// install them when we may (root with apt-get), else stop at once with the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INSTALL =
  'sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk poppler-utils';

const hasCjkFont = () => {
  const result = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim().length > 0;
};

const hasPoppler = () => spawnSync('pdftoppm', ['-v']).status === 0;

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
if (!hasCjkFont()) missing.push('fonts-noto-cjk');
if (!hasPoppler()) missing.push('poppler-utils');

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) {
    console.error(`Browser tests need ${missing.join(', ')}: run  ${INSTALL}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} for the browser tests (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
