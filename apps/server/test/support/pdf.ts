import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import fontkit, { type Font, type Glyph } from '@pdf-lib/fontkit';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFRawStream,
  type PDFRef,
  type PDFStream,
} from 'pdf-lib';

/**
 * Reading back the PDFs the server writes (pdf-lib's own output: Type0 fonts with Identity-H,
 * text drawn as `<hex> Tj`): the text as each character's glyph, and the glyph's outline in the
 * embedded font program, compared with the same character in the font file it came from.
 */

const fontPackage = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/package.json',
);
/** The font files the server may embed, by PostScript name. */
const SOURCE_FONTS: Record<string, string> = {
  'NotoSansSC-Regular': '400Regular/NotoSansSC_400Regular.ttf',
};
const sourceFonts = new Map<string, Font>();
function sourceFont(postscriptName: string) {
  const file = SOURCE_FONTS[postscriptName];
  if (!file) throw new Error(`unexpected font ${postscriptName} in the PDF`);
  let font = sourceFonts.get(postscriptName);
  if (!font) {
    font = fontkit.create(readFileSync(path.join(path.dirname(fontPackage), file)));
    sourceFonts.set(postscriptName, font);
  }
  return font;
}

const streamBytes = (stream: PDFStream) => {
  const raw = stream as PDFRawStream;
  const filter = raw.dict.lookup(PDFName.of('Filter'));
  return filter === PDFName.of('FlateDecode')
    ? inflateSync(raw.contents)
    : Buffer.from(raw.contents);
};

/** ToUnicode CMap: code → text (pdf-lib writes bfchar entries of one code each). */
function toUnicodeMap(cmap: string) {
  const map = new Map<number, string>();
  for (const [, code, hex] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    if (code!.length !== 4) continue; // the codespace range
    const units = hex!.match(/.{4}/g)!.map((u) => parseInt(u, 16));
    map.set(parseInt(code!, 16), String.fromCharCode(...units));
  }
  return map;
}

interface EmbeddedFont {
  postscriptName: string;
  program: Font;
  toUnicode: Map<number, string>;
}

function embeddedFont(type0: PDFDict): EmbeddedFont {
  const baseFont = type0.lookup(PDFName.of('BaseFont'))!.toString().slice(1);
  const descendant = (type0.lookup(PDFName.of('DescendantFonts')) as PDFArray).lookup(0, PDFDict);
  const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
  const file = (descriptor.lookup(PDFName.of('FontFile2')) ??
    descriptor.lookup(PDFName.of('FontFile3'))) as PDFStream | undefined;
  if (!file) throw new Error(`font ${baseFont} is not embedded`);
  return {
    // pdf-lib names a subset "<PostScript name>-<number>"; a subset tag is "ABCDEF+<name>".
    postscriptName: baseFont.replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, ''),
    program: fontkit.create(streamBytes(file)),
    toUnicode: toUnicodeMap(
      streamBytes(type0.lookup(PDFName.of('ToUnicode')) as PDFStream).toString('latin1'),
    ),
  };
}

export interface DrawnGlyph {
  char: string;
  cid: number;
  font: EmbeddedFont;
}

/** Each `Tj` of every page, in order: its text and the glyphs it draws. */
export async function drawnText(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const runs: { text: string; glyphs: DrawnGlyph[] }[] = [];
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const fonts = new Map<string, EmbeddedFont>();
    const byRef = new Map<PDFRef | PDFDict, EmbeddedFont>();
    for (const key of fontDict.keys()) {
      const value = fontDict.get(key)!;
      const dict = fontDict.lookup(key, PDFDict);
      const font = byRef.get(value as PDFRef) ?? embeddedFont(dict);
      byRef.set(value as PDFRef, font);
      fonts.set(key.toString().slice(1), font);
    }
    const contents = page.node.Contents()!;
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((_, i) => contents.lookup(i) as PDFStream)
        : [contents as PDFStream];
    let current: EmbeddedFont | undefined;
    for (const stream of streams) {
      const ops = streamBytes(stream).toString('latin1');
      for (const [, fontName, hex] of ops.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        if (fontName) {
          current = fonts.get(fontName);
          continue;
        }
        if (!current) throw new Error('text drawn before a font was chosen');
        const font = current;
        const glyphs = (hex!.match(/.{4}/g) ?? []).map((code) => {
          const cid = parseInt(code, 16);
          return { char: font.toUnicode.get(cid) ?? '\uFFFD', cid, font };
        });
        runs.push({ text: glyphs.map((g) => g.char).join(''), glyphs });
      }
    }
  }
  return runs;
}

const outline = (glyph: Glyph) => glyph.path.toSVG();

/**
 * The outlines a character may rightly be drawn with: its own glyph, or the form the font's
 * `locl` gives it beside Latin letters (Noto Sans SC draws the digits of "38b1" differently).
 */
function rightOutlines(font: Font, char: string) {
  const latin = font.layout(`a${char}`).glyphs[1];
  return new Set([
    outline(font.glyphForCodePoint(char.codePointAt(0)!)),
    ...(latin ? [outline(latin)] : []),
  ]);
}

/**
 * Every drawn character whose glyph in the embedded font is missing, .notdef, unreadable or
 * not the outline the font file has for that character: what a viewer would draw wrong.
 */
export async function glyphProblems(bytes: Uint8Array) {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const run of await drawnText(bytes)) {
    for (const { char, cid, font } of run.glyphs) {
      const key = `${font.postscriptName} ${char}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const source = sourceFont(font.postscriptName).glyphForCodePoint(char.codePointAt(0)!);
      if (source.id === 0) problems.push(`「${char}」 is not in ${font.postscriptName}`);
      else if (cid === 0 || cid >= font.program.numGlyphs)
        problems.push(`「${char}」 drawn with missing glyph ${cid}`);
      else {
        let embedded: string;
        try {
          embedded = outline(font.program.getGlyph(cid));
        } catch (error) {
          problems.push(`「${char}」 glyph ${cid} unreadable: ${(error as Error).message}`);
          continue;
        }
        if (!rightOutlines(sourceFont(font.postscriptName), char).has(embedded))
          problems.push(`「${char}」 glyph ${cid} is not the font's outline for it`);
      }
    }
  }
  return problems;
}

export const hasPoppler = () => spawnSync('pdftoppm', ['-v']).status === 0;

/**
 * Page 1 rendered by poppler (grey, `dpi` dots per inch), and each word's box as pdftotext
 * places it (points from the top left): the ink a reader sees where each word is.
 */
export function renderedWords(bytes: Uint8Array, dpi = 72) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-render-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    const run = (command: string, args: string[]) => {
      const result = spawnSync(command, args, { encoding: 'buffer' });
      if (result.status !== 0) throw new Error(`${command}: ${result.stderr.toString()}`);
    };
    run('pdftoppm', [
      '-f',
      '1',
      '-l',
      '1',
      '-r',
      String(dpi),
      '-gray',
      '-singlefile',
      file,
      dir + '/p',
    ]);
    run('pdftotext', ['-f', '1', '-l', '1', '-bbox', file, dir + '/words.html']);
    const image = readPgm(readFileSync(path.join(dir, 'p.pgm')));
    const scale = dpi / 72;
    const html = readFileSync(path.join(dir, 'words.html'), 'utf8');
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map(([, x0, y0, x1, y1, text]) => {
      const box = [x0, y0, x1, y1].map((v) => Math.round(Number(v) * scale)) as number[];
      let dark = 0;
      let all = 0;
      for (let y = box[1]!; y < box[3]!; y++)
        for (let x = box[0]!; x < box[2]!; x++) {
          all++;
          if (image.pixels[y * image.width + x]! < 128) dark++;
        }
      return { text: decodeEntities(text!), ink: all ? dark / all : 0 };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');

/** A binary PGM (P5, 8-bit) as poppler writes it. */
function readPgm(data: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a PGM image');
  const [whole, width, height] = header;
  return {
    width: Number(width),
    height: Number(height),
    pixels: data.subarray(whole.length),
  };
}
