// `npm test`: every check of the repository. The API and browser suites use both of this 2-core
// machine's cores themselves and run one after the other, their output streamed; the browser
// tests need the build. The other stages keep one core busy each, so they run first in two lanes
// side by side: the web unit tests (one vitest worker on 2 cores, which keeps jsdom and Ant Design
// loaded across the files, the longest of them) in one, everything else one after another in
// the other, cheapest failure first. Their output is printed whole as each ends. Ends with each
// stage's time.
import { spawn } from 'node:child_process';

/** One `npm run` script, with the workspaces it runs in. */
const step = (script, ...workspaces) => ({
  name: workspaces.length ? `${script} (${workspaces.join(', ')})` : script,
  args: ['run', script, ...workspaces.flatMap((w) => ['-w', w])],
});

/** Each phase's lanes run side by side, a lane's steps one after another. */
const PHASES = [
  [
    [step('test:unit', 'apps/web')],
    [
      step('typecheck'),
      step('build'),
      step('lint'),
      step('test:unit', 'packages/contracts', 'apps/server'),
      step('test:fuzz'),
    ],
  ],
  [[step('test:api')]],
  [[step('test:e2e')]],
];

const seconds = (from) => Math.round((performance.now() - from) / 1000);

/** Runs a step; with `quiet` its output is kept and printed when it ends. */
function run({ name, args }, quiet) {
  const started = performance.now();
  const child = spawn('npm', args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  let output = '';
  if (quiet)
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => (output += c));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (quiet)
        process.stdout.write(`\n── npm ${args.join(' ')} (${seconds(started)} s) ──\n${output}`);
      resolve({ name, command: `npm ${args.join(' ')}`, code, seconds: seconds(started) });
    }),
  );
}

/** Runs a lane's steps one after another, stopping at the first that fails. */
async function runLane(lane, quiet) {
  const results = [];
  for (const s of lane) {
    const result = await run(s, quiet);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const started = performance.now();
const times = [];
for (const lanes of PHASES) {
  const quiet = lanes.length > 1;
  if (quiet)
    console.log(
      `\nside by side: ${lanes.map((l) => l.map((s) => s.name).join(' → ')).join(' | ')}`,
    );
  const results = (await Promise.all(lanes.map((lane) => runLane(lane, quiet)))).flat();
  times.push(...results);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.error(`\nnpm test failed: ${failed.map((r) => r.command).join(', ')}`);
    process.exit(1);
  }
}
console.log('\nnpm test passed:');
for (const { name, seconds } of times) console.log(`  ${name.padEnd(44)} ${seconds} s`);
console.log(
  `  ${'total'.padEnd(44)} ${seconds(started)} s (the first ${PHASES[0].length} lanes side by side)`,
);
