import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { drawnText, glyphProblems } from '../../test/support/pdf.js';
import { ChineseDocument, type TableColumn } from './pdf.js';

/** The text drawn on each page, page by page. */
async function textByPage(bytes: Uint8Array) {
  const source = await PDFDocument.load(bytes);
  const pages: string[][] = [];
  for (const index of source.getPageIndices()) {
    const single = await PDFDocument.create();
    const [page] = await single.copyPages(source, [index]);
    single.addPage(page);
    pages.push((await drawnText(await single.save())).map((run) => run.text));
  }
  return pages;
}

/** Paragraph lines until `room` points or less are left on the first page. */
function fillUntil(doc: ChineseDocument, room: number) {
  while (doc.room > room + 19) doc.text('填充段落。', { size: 11, lineHeight: 19 });
  doc.gap(doc.room - room);
}

describe('ChineseDocument', () => {
  it('wraps text, breaks a long table over pages with its header repeated, numbers the pages', async () => {
    const doc = await ChineseDocument.create({
      title: '评标报告',
      date: new Date('2026-12-23T03:05:00Z'),
    });
    doc.title('评标报告');
    doc.text('评标委员会依据招标文件规定的评标办法，对各投标人的投标文件进行了评审。'.repeat(4), {
      firstLineIndent: 24,
    });
    const rows = Array.from({ length: 60 }, (_, i) => [
      String(i + 1),
      `第 ${i + 1} 家投标人（储能系统集成有限公司）`,
      `¥${(3_250_000 + i * 1000).toLocaleString('en-US')}.00`,
    ]);
    doc.table(
      [
        { header: '排名', width: 50 },
        { header: '投标人', width: 260 },
        { header: '投标总价', width: 157, align: 'right' },
      ],
      rows,
    );
    doc.sealBlock(['评标委员会（签字）', '2026年12月23日']);
    const bytes = await doc.save();

    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const runs = (await drawnText(bytes)).map((r) => r.text);
    expect(runs.filter((t) => t === '投标人')).toHaveLength(pages);
    expect(runs).toContain(`第 ${pages} 页 共 ${pages} 页`);
    expect(runs).toContain('第 60 家投标人（储能系统集成有限公司）');
    // No line is wider than the page: the paragraph wrapped.
    expect(runs.filter((t) => t.startsWith('评标委员会依据')).length).toBe(1);
    expect(await glyphProblems(bytes)).toEqual([]);
  });

  it('keeps a tender number whole and never starts a line with closing punctuation', async () => {
    const doc = await ChineseDocument.create({ title: 't', date: new Date(0) });
    const text =
      '贵单位于“玄武湖储能电站 10kV 开关柜及保护装置采购”（招标编号：ZB-2026-000044）项目中递交的投标文件，经评审，确定贵单位为中标人。';
    for (const width of [300, 350, 400, 467]) {
      const lines = doc.wrap(text, width, 12.5, 25);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
      expect(lines.filter((l) => l.includes('ZB-2026-000044'))).toHaveLength(1);
      expect(lines.filter((l) => /^[，。、）：]/.test(l))).toEqual([]);
    }
  });

  it('draws Latin letters one glyph each, never as a ligature (ff, fi, fl, ffi)', async () => {
    const line = 'Offshore Efficient Supplies, fine flow, ffi 海缆';
    const doc = await ChineseDocument.create({ title: 'ligatures', date: new Date(0) });
    doc.text(line);
    const pdf = await doc.save();
    expect(await glyphProblems(pdf)).toEqual([]);
    expect((await drawnText(pdf)).map((run) => run.text).join('')).toBe(line);
  });

  it('draws and measures each line with the glyphs and width fontkit gives the whole line', async () => {
    // Digits beside Chinese, a date alone, Latin runs, a tender number, 38b1 (locl beside Latin).
    const lines = [
      '版本：第 1 版；状态：待签字；生成时间：2026-11-28 12:05',
      '2026-11-28 12:05',
      'ZB-2026-000044（储能）38b1 投标报价 ¥40,150,000.00，交货期 60 天',
      'Offshore Wind 10kV 海缆及附件，fine flow',
      '※8.5',
    ];
    const doc = await ChineseDocument.create({ title: 'shaping', date: new Date(0) });
    const source = fontkit.create(
      readFileSync(
        createRequire(import.meta.url).resolve(
          '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
        ),
      ),
    );
    const whole = (line: string) => source.layout(line, { liga: false }).glyphs;
    for (const line of lines) {
      const width = whole(line).reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
      expect(doc.widthOf(line, 10)).toBeCloseTo((width / source.unitsPerEm) * 10, 6);
      doc.text(line, { size: 10 });
    }
    const runs = await drawnText(await doc.save());
    expect(runs.map((run) => run.text)).toEqual(lines);
    for (const run of runs) {
      const drawn = run.glyphs.map((g) => g.font.program.getGlyph(g.cid).path.toSVG());
      expect(drawn).toEqual(whole(run.text).map((glyph) => glyph.path.toSVG()));
    }
  });

  describe('heading', () => {
    const columns: TableColumn[] = [
      { header: '姓名', width: 200 },
      { header: '身份', width: 267 },
    ];
    const rows = [
      ['张评审', '评标专家'],
      ['李评审', '评标专家'],
    ];

    it('starts the next page when the heading and the table’s header and first row do not fit', async () => {
      const doc = await ChineseDocument.create({ title: 't', date: new Date(0) });
      const heading = doc.textHeight('一、评标委员会', { size: 14 });
      const start = doc.startHeight({ columns, rows });
      // Room for the heading and the header row, not the first member's row.
      fillUntil(doc, heading + start - 5);
      doc.heading('一、评标委员会', { size: 14 }, { columns, rows });
      expect(doc.pageCount).toBe(2);
      doc.table(columns, rows);

      const pages = await textByPage(await doc.save());
      expect(pages[0]).not.toContain('一、评标委员会');
      expect(pages[1]!.slice(0, 4)).toEqual(['一、评标委员会', '姓名', '身份', '张评审']);
    });

    it('keeps a heading with its paragraph’s first two lines, and stays put when they fit', async () => {
      const doc = await ChineseDocument.create({ title: 't', date: new Date(0) });
      const line = { size: 11, lineHeight: 19 };
      const paragraph = '评标委员会依据招标文件规定的评标办法进行了评审。'.repeat(6);
      expect(doc.textHeight(paragraph, line)).toBeGreaterThan(2 * 19);
      expect(doc.startHeight({ text: paragraph, options: line })).toBe(2 * 19);
      const heading = doc.textHeight('二、评标办法', { size: 14 });

      // One line's room after the heading: not enough, the heading moves on.
      fillUntil(doc, heading + 19 + 5);
      doc.heading('二、评标办法', { size: 14 }, { text: paragraph, options: line });
      expect(doc.pageCount).toBe(2);
      doc.text(paragraph, line);

      // Exactly the room it needs: it stays on this page.
      fillUntil(doc, heading + 2 * 19);
      doc.heading('三、得分与排名', { size: 14 }, { text: paragraph, options: line });
      expect(doc.pageCount).toBe(2);
      doc.text(paragraph, line);

      const pages = await textByPage(await doc.save());
      expect(pages[0]).not.toContain('二、评标办法');
      expect(pages[1]![0]).toBe('二、评标办法');
      expect(pages[1]).toContain('三、得分与排名');
    });
  });
});
