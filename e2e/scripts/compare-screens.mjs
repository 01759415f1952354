// Compares two sets of screenshots (screens.mjs) pixel by pixel, in Chromium's canvas (no image
// library needed): per pair the differing pixels and the bands of rows where they lie, and a diff
// image (differences in red over a faded copy of the first) in OUT_DIR. Usage:
//   node e2e/scripts/compare-screens.mjs DIR_A DIR_B OUT_DIR [--threshold=N]
// A pixel differs when a channel differs by more than N (default 0). Exit code 1 when any pair
// differs or a screen is in one set only.
/* global createImageBitmap, ImageData, OffscreenCanvas -- used in code that page.evaluate runs in the browser */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { launchChromium } from './chromium.mjs';

const args = process.argv.slice(2);
// Through `npm run compare-screens -w e2e`, npm runs this in e2e/: paths are the caller's.
const [dirA, dirB, outDir] = args
  .filter((a) => !a.startsWith('--'))
  .map((path) => resolve(process.env.INIT_CWD ?? process.cwd(), path));
const threshold = Number(args.find((a) => a.startsWith('--threshold='))?.split('=')[1] ?? 0);
if (!dirA || !dirB || !outDir) {
  console.error('usage: node e2e/scripts/compare-screens.mjs DIR_A DIR_B OUT_DIR [--threshold=N]');
  process.exit(2);
}

const pngs = async (dir) => new Set((await readdir(dir)).filter((f) => f.endsWith('.png')));

/** Runs in the page: decodes both PNGs, counts differing pixels, draws the diff image. */
async function diffInPage({ a, b, threshold }) {
  const decode = async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  };
  const [imageA, imageB] = await Promise.all([decode(a), decode(b)]);
  const width = Math.max(imageA.width, imageB.width);
  const height = Math.max(imageA.height, imageB.height);
  const out = new ImageData(width, height);
  const rowsWithDiff = new Uint8Array(height);
  let differing = 0;
  let left = width;
  let right = -1;
  const pixel = (image, x, y) =>
    x < image.width && y < image.height ? (y * image.width + x) * 4 : -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = pixel(imageA, x, y);
      const j = pixel(imageB, x, y);
      const o = (y * width + x) * 4;
      let differs = i < 0 || j < 0;
      if (!differs) {
        for (let c = 0; c < 4; c++) {
          if (Math.abs(imageA.data[i + c] - imageB.data[j + c]) > threshold) {
            differs = true;
            break;
          }
        }
      }
      if (differs) {
        differing++;
        rowsWithDiff[y] = 1;
        if (x < left) left = x;
        if (x > right) right = x;
        out.data.set([255, 0, 0, 255], o);
      } else {
        const d = imageA.data;
        const grey = (d[i] * 0.3 + d[i + 1] * 0.59 + d[i + 2] * 0.11) * 0.25 + 190;
        out.data.set([grey, grey, grey, 255], o);
      }
    }
  }
  // Rows with differences, merged when less than 16 px apart: where on the page to look.
  const bands = [];
  for (let y = 0; y < height; y++) {
    if (!rowsWithDiff[y]) continue;
    const last = bands.at(-1);
    if (last && y - last[1] <= 16) last[1] = y;
    else bands.push([y, y]);
  }
  let diffPng = null;
  if (differing > 0) {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d').putImageData(out, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let k = 0; k < bytes.length; k += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
    }
    diffPng = btoa(binary);
  }
  return {
    sizeA: `${imageA.width}x${imageA.height}`,
    sizeB: `${imageB.width}x${imageB.height}`,
    differing,
    total: width * height,
    columns: differing > 0 ? [left, right] : null,
    bands,
    diffPng,
  };
}

async function main() {
  const [inA, inB] = await Promise.all([pngs(dirA), pngs(dirB)]);
  const both = [...inA].filter((f) => inB.has(f)).sort();
  const onlyA = [...inA].filter((f) => !inB.has(f)).sort();
  const onlyB = [...inB].filter((f) => !inA.has(f)).sort();
  await mkdir(outDir, { recursive: true });

  const browser = await launchChromium();
  const rows = [];
  try {
    const page = await browser.newPage();
    for (const file of both) {
      const [a, b] = await Promise.all(
        [dirA, dirB].map(async (dir) => (await readFile(join(dir, file))).toString('base64')),
      );
      const result = await page.evaluate(diffInPage, { a, b, threshold });
      if (result.diffPng) {
        await writeFile(
          join(outDir, file.replace(/\.png$/, '.diff.png')),
          Buffer.from(result.diffPng, 'base64'),
        );
      }
      rows.push({ file, ...result, diffPng: undefined });
    }
  } finally {
    await browser.close();
  }

  rows.sort((x, y) => y.differing - x.differing || x.file.localeCompare(y.file));
  const lines = [];
  const describe = (r) => {
    const size = r.sizeA === r.sizeB ? r.sizeA : `${r.sizeA} → ${r.sizeB}`;
    const share = ((100 * r.differing) / r.total).toFixed(3);
    const where =
      r.differing === 0
        ? ''
        : `x ${r.columns[0]}–${r.columns[1]}, y ${r.bands
            .slice(0, 6)
            .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`))
            .join(', ')}${r.bands.length > 6 ? ` (+${r.bands.length - 6} bands)` : ''}`;
    return `${String(r.differing).padStart(9)}  ${share.padStart(7)} %  ${size.padEnd(22)} ${r.file}  ${where}`;
  };
  lines.push(`${'pixels'.padStart(9)}  ${'share'.padStart(9)}  ${'size'.padEnd(22)} screen  where`);
  for (const r of rows) lines.push(describe(r));
  const changed = rows.filter((r) => r.differing > 0).length;
  lines.push('');
  lines.push(
    `${rows.length} pairs compared: ${changed} differ, ${rows.length - changed} identical.`,
  );
  if (onlyA.length) lines.push(`Only in ${dirA} (${onlyA.length}):\n  ${onlyA.join('\n  ')}`);
  if (onlyB.length) lines.push(`Only in ${dirB} (${onlyB.length}):\n  ${onlyB.join('\n  ')}`);
  lines.push(`Diff images: ${outDir}/*.diff.png (red: differing pixels).`);
  const report = lines.join('\n');
  console.log(report);
  await writeFile(join(outDir, 'report.txt'), `${report}\n`);
  await writeFile(join(outDir, 'report.json'), JSON.stringify({ rows, onlyA, onlyB }, null, 2));
  if (changed > 0 || onlyA.length > 0 || onlyB.length > 0) process.exitCode = 1;
}

await main();
