// `npm run typecheck`: every workspace's tsconfig, checked by TypeScript 7's native compiler (the
// `typescript-7` alias). The `typescript` package stays at 6.0 for the tools that import its API
// (typescript-eslint supports no newer one), so both are installed and both declare a `tsc`:
// this runs 7's by its path, whichever one `node_modules/.bin/tsc` happens to be.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

let failed = 0;
for (const workspace of workspaces) {
  const project = join(root, workspace, 'tsconfig.json');
  if (!existsSync(project)) continue;
  console.log(`tsc -p ${workspace}/tsconfig.json`);
  const { status } = spawnSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
