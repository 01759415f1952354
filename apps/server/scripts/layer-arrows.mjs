// Counts server imports that run against the layers (issue 30), one per import statement.
// Usage: node scripts/layer-arrows.mjs [src] [-v]   (-v lists them)
// Layers (low → high): ground = lib/, db/ (db/seed/ too, while it lives there), config.ts,
// app-deps.ts; plugins/; modules/<name>/; top = seed/, app.ts, main.ts, cli/, ops/.
// Against the arrows: lib → plugins|modules|seed|top; db → plugins|modules|seed|top;
// plugins → modules|seed|top; modules → seed|top; and a module importing another module's
// internals (any file but that module's service.ts or hooks.ts, its published faces).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
const root = resolve(process.argv.slice(2).find((a) => !a.startsWith('-')) ?? 'src');
const verbose = process.argv.includes('-v');
const walk = (d) =>
  readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
const layerOf = (rel) => {
  if (rel.startsWith('seed/')) return { layer: 'seed', rank: 3 };
  if (rel.startsWith('lib/')) return { layer: 'lib', rank: 0 };
  if (rel.startsWith('db/') || rel === 'config.ts' || rel === 'app-deps.ts')
    return { layer: 'db', rank: 0 };
  if (rel.startsWith('plugins/')) return { layer: 'plugins', rank: 1 };
  const m = rel.match(/^modules\/([^/]+)\//);
  if (m) return { layer: 'modules', rank: 2, module: m[1] };
  return { layer: 'top', rank: 3 };
};
const bad = [];
for (const file of walk(root)) {
  const rel = relative(root, file);
  const from = layerOf(rel);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
    const target = relative(root, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
    if (target.startsWith('..')) continue;
    const to = layerOf(target);
    let why = null;
    if (to.rank > from.rank) why = `${from.layer} → ${to.layer}`;
    else if (
      from.layer === 'modules' &&
      to.layer === 'modules' &&
      from.module !== to.module &&
      !/\/(service|hooks)\.ts$/.test(target)
    )
      why = `module ${from.module} → ${to.module} internals`;
    if (why) bad.push(`${why}: ${rel} → ${target}`);
  }
}
if (verbose) console.log(bad.sort().join('\n'));
const byKind = {};
for (const b of bad) {
  const k = b
    .split(':')[0]
    .replace(/module \S+ → \S+ internals/, 'module → other module internals');
  byKind[k] = (byKind[k] ?? 0) + 1;
}
console.log(byKind, 'total', bad.length);
