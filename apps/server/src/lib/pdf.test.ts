import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { drawnText, glyphProblems } from '../../test/support/pdf.js';
import { ChineseDocument } from './pdf.js';

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
});
