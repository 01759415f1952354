// `npm test`: every check of the repository. Side by side where the stages leave a core idle:
// the type check, the build, the lint, the unit tests and the fuzz each keep at most one of this
// 2-core machine's cores busy (vitest gives the unit files one worker on 2 cores, and one worker
// keeps jsdom and Ant Design loaded across the web files), so they run at once and their output
// is printed whole as each ends. The API and browser suites use every core themselves and run
// one after the other, their output streamed; the browser tests need the build. Ends with each
// stage's time.
import { spawn } from 'node:child_process';

const PHASES = [
  ['typecheck', 'build', 'lint', 'test:unit', 'test:fuzz'],
  ['test:api'],
  ['test:e2e'],
];

const seconds = (from) => Math.round((performance.now() - from) / 1000);

/** Runs `npm run <script>`; with `quiet` its output is kept and printed when it ends. */
function run(script, quiet) {
  const started = performance.now();
  const child = spawn('npm', ['run', script], {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  if (quiet)
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => (output += c));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      if (quiet)
        process.stdout.write(`\n── npm run ${script} (${seconds(started)} s) ──\n${output}`);
      resolve({ script, code, seconds: seconds(started) });
    }),
  );
}

const started = performance.now();
const times = [];
for (const phase of PHASES) {
  if (phase.length > 1)
    console.log(`\nside by side: ${phase.map((s) => `npm run ${s}`).join(', ')}`);
  const results = await Promise.all(phase.map((script) => run(script, phase.length > 1)));
  times.push(...results);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.error(`\nnpm test failed: ${failed.map((r) => `npm run ${r.script}`).join(', ')}`);
    process.exit(1);
  }
}
console.log('\nnpm test passed:');
for (const { script, seconds } of times) console.log(`  ${script.padEnd(10)} ${seconds} s`);
console.log(
  `  ${'total'.padEnd(10)} ${seconds(started)} s (side by side: ${PHASES[0].join(', ')})`,
);
