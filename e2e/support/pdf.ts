import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A downloaded PDF as a reader sees it: page 1 rendered by poppler (pdftoppm, installed by
 * scripts/ensure-browser.mjs) to `pngPath`, and the share of dark pixels in each word's box
 * (boxes from pdftotext). Text that extracts but does not render has no ink.
 */
export function renderPdf(pdfPath: string, pngPath: string, dpi = 110) {
  execFileSync(
    'pdftoppm',
    ['-f', '1', '-l', '1', '-r', String(dpi), '-png', '-singlefile'].concat([
      pdfPath,
      pngPath.replace(/\.png$/, ''),
    ]),
  );
  const dir = mkdtempSync(join(tmpdir(), 'pdf-words-'));
  try {
    const grey = join(dir, 'page');
    execFileSync(
      'pdftoppm',
      ['-f', '1', '-l', '1', '-r', String(dpi), '-gray', '-singlefile'].concat([pdfPath, grey]),
    );
    execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', pdfPath, join(dir, 'words.html')]);
    const pgm = readFileSync(`${grey}.pgm`);
    const [header, width] = /^P5\s+(\d+)\s+\d+\s+\d+\s/.exec(pgm.subarray(0, 64).toString())!;
    const pixels = pgm.subarray(header.length);
    const html = readFileSync(join(dir, 'words.html'), 'utf8');
    const scale = dpi / 72;
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map(([, ...match]) => {
      const [x0, y0, x1, y1] = match.slice(0, 4).map((v) => Math.round(Number(v) * scale));
      let dark = 0;
      for (let y = y0!; y < y1!; y++)
        for (let x = x0!; x < x1!; x++) if (pixels[y * Number(width) + x]! < 128) dark++;
      return { text: match[4]!, ink: dark / Math.max(1, (x1! - x0!) * (y1! - y0!)) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
