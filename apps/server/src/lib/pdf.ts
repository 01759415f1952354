import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font as FontkitFont, Glyph } from '@pdf-lib/fontkit';
import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';
import type { PDFDocument, PDFFont, PDFPage, RGB, rgb } from 'pdf-lib';
import { padGlyphs } from './pdf-font.js';

/**
 * The documents the server prints for people (中标通知书, 评标报告): A4 pages written top to
 * bottom in Noto Sans SC, with a new page whenever the next block does not fit, and a heading
 * never left alone at a page's foot (it goes over with its block's first lines or rows).
 */

let fontBytes: Promise<Buffer> | undefined;
/** Noto Sans SC Regular (OFL) from @expo-google-fonts/noto-sans-sc, padded for fontkit. */
function chineseFont() {
  fontBytes ??= readFile(
    createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    ),
  ).then(padGlyphs);
  return fontBytes;
}

// Loaded on the first document: ~40 MB resident that a server which never prints does not carry.
const loadLibraries = () => Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]);
let libraries: ReturnType<typeof loadLibraries> | undefined;
const pdfLibraries = () => (libraries ??= loadLibraries());

/**
 * Loads the libraries and parses the font in the background, where a document is about to be
 * asked for (a finished evaluation's report): its first download then does not wait for them.
 */
export function preparePdf() {
  Promise.all([pdfLibraries(), chineseFont()])
    .then(([[, { default: fontkit }], bytes]) => {
      // Parsed as a document's embedding parses it, its layout tables read by a first line.
      onceParsed(fontkit).create(bytes).layout('评标报告 2026', { liga: false });
    })
    .catch(() => {
      // The document's own request loads them again and reports what failed.
      libraries = undefined;
      fontBytes = undefined;
    });
}

const A4: [number, number] = [595.28, 841.89];
/**
 * Wrapping units: a Latin/number run, a run of spaces, or one character, each with the marks
 * that follow it (a combining accent, a variation selector stays with its base).
 */
const WRAP_TOKENS = /[A-Za-z0-9¥$€@#%&+\-_.,:/]+\p{M}*|\s+|.\p{M}*/gsu;

/**
 * fontkit shapes every string from scratch (script, feature set, lookups over every glyph), and
 * pdf-lib asks it for each width measured and each line drawn: a 30-bid 评标报告 spent most of
 * its time there, measuring each line again as it grew. With ligatures off nothing in this font
 * joins a wrapping unit to its neighbours, and pdf-lib's width is the sum of the glyphs' own
 * advances, so a string's glyphs are its units' glyphs in order, each unit shaped as fontkit
 * shapes the whole string: in the script of its first letter of any script (a date alone is
 * shaped as no script, the same date in a Chinese line as Chinese, and its digits differ).
 * Each unit is shaped once per document and script, and remembered; drawing and measuring
 * both go through `layout`.
 */
function shapeUnitsOnce(fontkit: FontkitFont) {
  type Shape = (
    text: string,
    features: unknown,
    script?: string,
  ) => ReturnType<FontkitFont['layout']>;
  const shape = (fontkit.layout as unknown as Shape).bind(fontkit);
  /** A unit as fontkit shapes it alone: its glyphs and the script it found (zzzz: none). */
  const alone = new Map<string, { script: string; glyphs: Glyph[] }>();
  const inScript = new Map<string, Glyph[]>();
  fontkit.layout = (text, features) => {
    const set = featureKey(features);
    const units = text.match(WRAP_TOKENS) ?? [];
    let script = UNKNOWN_SCRIPT;
    const runs = units.map((unit) => {
      let run = alone.get(`${set} ${unit}`);
      if (!run) {
        const shaped = shape(unit, features);
        alone.set(`${set} ${unit}`, (run = { script: shaped.script, glyphs: shaped.glyphs }));
      }
      if (script === UNKNOWN_SCRIPT) script = run.script;
      return run;
    });
    const glyphs: Glyph[] = [];
    units.forEach((unit, i) => {
      const key = `${set} ${script} ${unit}`;
      let run = runs[i]!.script === script ? runs[i]!.glyphs : inScript.get(key);
      if (!run) inScript.set(key, (run = shape(unit, features, script).glyphs));
      for (const glyph of run) glyphs.push(glyph);
    });
    return { glyphs, script } as ReturnType<FontkitFont['layout']>;
  };
}
/** The feature set a layout is asked with, as a key (pdf-lib passes the embed's own object). */
const featureKeys = new WeakMap<object, string>();
function featureKey(features: unknown) {
  if (typeof features !== 'object' || features === null) return JSON.stringify(features ?? null);
  let key = featureKeys.get(features);
  if (key === undefined) featureKeys.set(features, (key = JSON.stringify(features)));
  return key;
}

/**
 * fontkit for pdf-lib, parsing the font once for every document instead of once each (its
 * tables, and its GSUB and GPOS on the first line drawn: most of a short document's time), with
 * its units shaped once (shapeUnitsOnce) for every document too. Each document still subsets and
 * embeds only the glyphs it drew.
 */
let parsedFont: { bytes: Uint8Array; font: FontkitFont } | undefined;
const onceParsed = (fontkit: Fontkit): Fontkit => ({
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) => {
    if (parsedFont?.bytes !== bytes || postscriptName !== undefined) {
      const font = fontkit.create(bytes, postscriptName);
      shapeUnitsOnce(font);
      if (postscriptName !== undefined) return font;
      parsedFont = { bytes, font };
    }
    return parsedFont.font;
  },
});

/** fontkit's script of a string without letters of any script (digits, punctuation). */
const UNKNOWN_SCRIPT = 'zzzz';
/** Punctuation that may not start a line (禁则). */
const CLOSING = /^[，。、；：？！）」』】》”’,.;:?!)]$/;
const MARGIN = { top: 72, bottom: 64, side: 64 };
/** Tables: the text size, line height (× size) and cell padding, in points. */
const TABLE_SIZE = 10.5;
const TABLE_LINE = 1.6;
const CELL_PAD = 4;

export interface TextOptions {
  size?: number;
  /** Points from the left margin, for every line. */
  indent?: number;
  /** Points more on the first line (2 characters, as Chinese paragraphs start). */
  firstLineIndent?: number;
  align?: 'left' | 'center' | 'right';
  lineHeight?: number;
  color?: RGB;
}

export interface TableColumn {
  header: string;
  /** Points. */
  width: number;
  align?: 'left' | 'right';
}

/**
 * The start of a block that follows a heading: a paragraph (its first `lines`, 2 by default)
 * or a table (its header and first row).
 */
export type BlockStart =
  | { text: string; options?: TextOptions; lines?: number }
  | { columns: TableColumn[]; rows: string[][]; size?: number };

/** Lines of a paragraph that must follow its heading onto the same page. */
const KEPT_LINES = 2;

export class ChineseDocument {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    private readonly ink: RGB,
    private readonly grey: RGB,
    private readonly rgbOf: typeof rgb,
  ) {
    this.newPage();
  }

  /** A document titled `title` (its metadata), dated `date` (creation time, for stable bytes). */
  static async create(meta: { title: string; date: Date }) {
    const [{ PDFDocument, rgb }, { default: fontkit }] = await pdfLibraries();
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(onceParsed(fontkit));
    pdf.setTitle(meta.title);
    pdf.setCreationDate(meta.date);
    pdf.setModificationDate(meta.date);
    // No ligatures: "office" must be drawn as o-f-f-i-c-e, so that the text copied out of a
    // notice (a company's name, a bank reference) is the text that was written.
    const font = await pdf.embedFont(await chineseFont(), {
      subset: true,
      features: { liga: false },
    });
    return new ChineseDocument(pdf, font, rgb(0.1, 0.1, 0.1), rgb(0.55, 0.55, 0.55), rgb);
  }

  get width() {
    return this.page.getWidth() - MARGIN.side * 2;
  }

  private newPage() {
    this.page = this.pdf.addPage(A4);
    this.y = this.page.getHeight() - MARGIN.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private fit(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  /** Pages so far (the one being written is the last). */
  get pageCount() {
    return this.pdf.getPageCount();
  }

  /** Points left above the bottom margin on this page. */
  get room() {
    return this.y - MARGIN.bottom;
  }

  /**
   * A heading kept with the start of what follows it (`next`, one block or more in order):
   * when the heading and that start do not fit here, the heading opens the next page instead
   * of standing alone at this one's foot.
   */
  heading(text: string, options: TextOptions, ...next: BlockStart[]) {
    this.fit(
      this.textHeight(text, options) + next.reduce((sum, b) => sum + this.startHeight(b), 0),
    );
    this.text(text, options);
  }

  /** Points a paragraph takes, or its first `maxLines` lines. */
  textHeight(text: string, options: TextOptions = {}, maxLines = Infinity) {
    const { size = 12, indent = 0, firstLineIndent = 0 } = options;
    const lines = this.wrap(text, this.width - indent, size, firstLineIndent).length;
    return Math.min(lines, maxLines) * (options.lineHeight ?? size * 1.9);
  }

  /** Points the start of a block takes: a paragraph's first lines, a table's header and first row. */
  startHeight(block: BlockStart) {
    if ('text' in block)
      return this.textHeight(block.text, block.options, block.lines ?? KEPT_LINES);
    const size = block.size ?? TABLE_SIZE;
    const header = this.rowLayout(
      block.columns,
      block.columns.map((c) => c.header),
      size,
    );
    const first = block.rows[0] ? this.rowLayout(block.columns, block.rows[0], size).height : 0;
    return header.height + first;
  }

  /** A table row's lines per cell and its height. */
  private rowLayout(columns: TableColumn[], cells: string[], size: number) {
    const lines = cells.map((cell, i) => this.wrap(cell, columns[i]!.width - CELL_PAD * 2, size));
    return {
      lines,
      height: Math.max(...lines.map((l) => l.length)) * size * TABLE_LINE + CELL_PAD * 2,
    };
  }

  widthOf(text: string, size: number) {
    return this.font.widthOfTextAtSize(text, size);
  }

  /**
   * Lines of at most `maxWidth` points. CJK text breaks between any two characters, but a run
   * of Latin letters and digits (ZB-2026-000044, ¥1,150,000.00) stays whole when it fits a
   * line, and closing punctuation (，。）) hangs at the line's end rather than starting one.
   */
  wrap(text: string, maxWidth: number, size: number, firstLineIndent = 0) {
    const lines: string[] = [];
    let line = '';
    // The line's width so far: a string's width is the sum of its units' (see shapeUnitsOnce).
    let lineWidth = 0;
    const room = () => maxWidth - (lines.length === 0 ? firstLineIndent : 0);
    const add = (token: string, width: number) => {
      line += token;
      lineWidth += width;
    };
    for (const token of text.match(WRAP_TOKENS) ?? []) {
      const width = this.widthOf(token, size);
      if (!line || lineWidth + width <= room() || CLOSING.test(token)) {
        add(token, width);
        continue;
      }
      if (width > maxWidth) {
        // Longer than a whole line: split it where it must.
        for (const ch of Array.from(token)) {
          const chWidth = this.widthOf(ch, size);
          if (line && lineWidth + chWidth > room()) {
            lines.push(line);
            line = '';
            lineWidth = 0;
          }
          add(ch, chWidth);
        }
        continue;
      }
      lines.push(line);
      const blank = /^\s+$/.test(token);
      line = blank ? '' : token;
      lineWidth = blank ? 0 : width;
    }
    if (line || !lines.length) lines.push(line);
    return lines;
  }

  gap(points: number) {
    this.y -= points;
  }

  text(text: string, options: TextOptions = {}) {
    const { size = 12, indent = 0, firstLineIndent = 0, align = 'left' } = options;
    const lineHeight = options.lineHeight ?? size * 1.9;
    const lines = this.wrap(text, this.width - indent, size, firstLineIndent);
    lines.forEach((line, i) => {
      this.fit(lineHeight);
      const lineWidth = this.widthOf(line, size);
      const left = MARGIN.side + indent + (i === 0 ? firstLineIndent : 0);
      const x =
        align === 'center'
          ? MARGIN.side + (this.width - lineWidth) / 2
          : align === 'right'
            ? MARGIN.side + this.width - lineWidth
            : left;
      this.y -= lineHeight;
      this.page.drawText(line, {
        x,
        y: this.y + (lineHeight - size) / 2,
        size,
        font: this.font,
        color: options.color ?? this.ink,
      });
    });
  }

  title(text: string, size = 24) {
    this.text(text, { size, align: 'center', lineHeight: size * 2 });
    this.gap(size * 0.6);
  }

  /**
   * A table with a grey header row and ruled cells; long cells wrap, a row that does not fit
   * starts the next page, which repeats the header.
   */
  table(columns: TableColumn[], rows: string[][], size = TABLE_SIZE) {
    const lineHeight = size * TABLE_LINE;
    const pad = CELL_PAD;
    const layout = (cells: string[]) => this.rowLayout(columns, cells, size);
    const draw = ({ lines, height }: ReturnType<typeof layout>, header: boolean) => {
      let x = MARGIN.side;
      columns.forEach((column, i) => {
        this.page.drawRectangle({
          x,
          y: this.y - height,
          width: column.width,
          height,
          borderColor: this.grey,
          borderWidth: 0.6,
          color: header ? this.rgbOf(0.94, 0.94, 0.94) : undefined,
        });
        lines[i]!.forEach((line, n) => {
          const right = column.align === 'right' && !header;
          this.page.drawText(line, {
            x: right ? x + column.width - pad - this.widthOf(line, size) : x + pad,
            y: this.y - pad - (n + 1) * lineHeight + (lineHeight - size) / 2 + 1,
            size,
            font: this.font,
            color: this.ink,
          });
        });
        x += column.width;
      });
      this.y -= height;
    };
    const header = layout(columns.map((c) => c.header));
    this.fit(header.height + (rows[0] ? layout(rows[0]).height : 0));
    draw(header, true);
    for (const row of rows) {
      const cells = layout(row);
      if (this.y - cells.height < MARGIN.bottom) {
        this.newPage();
        draw(header, true);
      }
      draw(cells, false);
    }
  }

  /**
   * The signing block at the right, each line right-aligned, under a dashed circle where the
   * seal (公章) is stamped over the name and the date.
   */
  sealBlock(lines: string[], size = 12) {
    const lineHeight = size * 1.9;
    const radius = 42;
    const height = lines.length * lineHeight;
    const above = Math.max(0, radius - height / 2);
    this.fit(above + Math.max(height, radius * 2));
    this.y -= above;
    const widest = Math.max(...lines.map((l) => this.widthOf(l, size)));
    this.page.drawCircle({
      x: MARGIN.side + this.width - widest / 2,
      y: this.y - height / 2,
      size: radius,
      borderColor: this.grey,
      borderWidth: 0.8,
      borderDashArray: [3, 3],
    });
    for (const line of lines) {
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN.side + this.width - this.widthOf(line, size),
        y: this.y + (lineHeight - size) / 2,
        size,
        font: this.font,
        color: this.ink,
      });
    }
  }

  /** The bytes; with more than one page, each is numbered 第 n 页 共 N 页. */
  async save() {
    const pages = this.pdf.getPages();
    if (pages.length > 1)
      pages.forEach((page, i) => {
        const label = `第 ${i + 1} 页 共 ${pages.length} 页`;
        page.drawText(label, {
          x: (page.getWidth() - this.widthOf(label, 9)) / 2,
          y: MARGIN.bottom / 2,
          size: 9,
          font: this.font,
          color: this.grey,
        });
      });
    return Buffer.from(await this.pdf.save());
  }
}
