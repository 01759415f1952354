// `npm test`: every check of the repository, in the order a failure is cheapest to find. The
// type check, the lint and the build each keep one core busy and need nothing of each other, so
// they run side by side (their output is printed whole as each ends); the test stages use every
// core themselves and run one after another, their output streamed. Ends with each stage's time.
import { spawn } from 'node:child_process';

const PHASES = [
  ['typecheck', 'lint', 'build'],
  ['test:unit'],
  ['test:api'],
  ['test:fuzz'],
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
      if (quiet) process.stdout.write(`\n── npm run ${script} ──\n${output}`);
      resolve({ script, code, seconds: seconds(started) });
    }),
  );
}

const started = performance.now();
const times = [];
for (const phase of PHASES) {
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
