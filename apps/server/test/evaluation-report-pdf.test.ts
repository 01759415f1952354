import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, deskApi, reportApi } from '@tender/contracts';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  COMPREHENSIVE,
  createExperts,
  LOWEST_PRICE,
  openedCommitteeTender,
  seatCommittee,
} from './support/evaluation.js';
import { scoresOf, writeClarification, writeSheet } from './support/evaluation-sheets.js';
import { drawnText, glyphProblems, hasPoppler, renderedWords } from './support/pdf.js';

/**
 * The 评标报告 PDF an auditor reads a year later: every character drawn with the embedded Noto
 * Sans SC glyph, and in it the committee, the rejections with their grounds, the scores, the
 * ranking, the clarifications, the outliers, the signatures with the dissent, and the digest.
 */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
let pdf: Buffer;
let report: reportApi.EvaluationReport;
let tenderId: number;
let lotId: number;
let bidderToken: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  const opened = await openedCommitteeTender(
    t,
    clock,
    [{ name: '储能变流器', budget: '2000000.00', minBids: 3 }],
    [[900_000, 950_000, 1_000_000, 980_000]],
    COMPREHENSIVE,
  );
  ({ tenderId } = opened);
  lotId = opened.lotIds[0]!;
  bidderToken = opened.bidders[0]!.token;
  const { members } = await seatCommittee(t, tenderId, clock.now());
  const ids = opened.bidIds[0]! as number[];
  const rejected = ids[3]!;
  for (const [m, member] of members.entries()) {
    const rejects = m < 3;
    await writeSheet(t, {
      tenderId,
      lotId,
      memberId: member.memberId,
      review: ids.map((bidId) =>
        bidId === rejected && rejects
          ? { bidId, pass: false, ground: 'no_seal', note: '投标函未盖章' }
          : { bidId, pass: true },
      ),
      scores: ids
        .filter((bidId) => bidId !== rejected || !rejects)
        // Member 5 scores the first bid's technical part far below the others.
        .flatMap((bidId, i) => scoresOf(bidId, m === 4 && i === 0 ? 20 : 40 + i, 15 + i)),
    });
  }
  await writeClarification(t, {
    tenderId,
    lotId,
    bidId: ids[0]!,
    supplierId: opened.bidders[0]!.supplierId,
    memberId: members[1]!.memberId,
    question: '请说明交货期',
    askedAt: clock.now(),
    answerBy: new Date(clock.now().getTime() + 3600_000),
    answer: '合同签订后三十天内交货',
  });
  const finished = await t.call(reportApi.finishEvaluation, { tenderId, lotId }, members[0]!.token);
  expect(finished.status).toBe(200);
  for (const [m, member] of members.entries()) {
    const body = m === 4 ? { agree: false, dissent: '技术评分偏高' } : { agree: true };
    expect(
      (await t.call(reportApi.signReport, { tenderId, lotId, ...body }, member.token)).status,
    ).toBe(200);
  }
  report = (await t.call(reportApi.getReport, { tenderId, lotId }, members[0]!.token)).body.data;
  const response = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${reportApi.downloadReport.path}?tenderId=${tenderId}&lotId=${lotId}`,
    headers: { authorization: await t.login('manager') },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(String(response.headers['content-disposition'])).toContain(encodeURIComponent('评标报告'));
  pdf = response.rawPayload;
});
afterAll(() => t.close());

describe('the 评标报告 PDF', () => {
  it('draws every character with the embedded font’s own glyph for it', async () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await glyphProblems(pdf)).toEqual([]);
  });

  it('holds the committee, the rejection and its ground, the ranking, the clarification, the outlier, the signatures with the dissent, and the digest', async () => {
    const text = (await drawnText(pdf)).map((run) => run.text).join('');
    expect(report.status).toBe('final');
    expect(report.outliers).toHaveLength(1);
    for (const part of [
      '评标报告',
      report.tenderTitle,
      report.tenderNo,
      '已生效',
      '综合评估法',
      '技术方案',
      '最低价基准法',
      '专家1',
      '组长',
      '否决（3/5 票）',
      deskApi.REJECT_GROUND_LABELS.no_seal.slice(0, 8),
      '投标函未盖章',
      report.rejections[0]!.supplierName,
      '得分与排名',
      report.ranking[0]!.supplierName,
      report.ranking[0]!.total!.toFixed(2),
      '推荐中标候选人',
      '请说明交货期',
      '合同签订后三十天内交货',
      '畸高畸低',
      '不同意',
      '技术评分偏高',
      report.digest,
    ])
      expect(text).toContain(part);
  });

  it('renders the words with ink where poppler is installed', () => {
    // CI's API step may run without poppler-utils (as for the 中标通知书).
    if (!hasPoppler()) return;
    const words = renderedWords(pdf).filter((w) => w.text.trim());
    expect(words.map((w) => w.text).join('')).toContain('评标报告');
    // The grey page numbers and thin signs (÷) aside, every word is drawn in ink.
    const faint = words.filter((w) => w.text.length > 1 && w.ink < 0.05);
    expect(faint).toEqual([]);
  });

  it('is for the committee and the managers only', async () => {
    const url = `${API_BASE}${reportApi.downloadReport.path}?tenderId=${tenderId}&lotId=${lotId}`;
    const bidder = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: bidderToken },
    });
    expect(bidder.statusCode).toBe(403);
    const [stranger] = await createExperts(t, [{ name: '局外专家' }]);
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: stranger!.token },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('a 最低投标价法 lot the committee failed', () => {
  it('says the lot failed and why, numbers its sections without a scores section, and keeps real glyphs', async () => {
    const opened = await openedCommitteeTender(
      t,
      clock,
      [{ name: '箱式变电站', budget: '2000000.00', minBids: 3 }],
      [[900_000, 950_000, 990_000]],
      LOWEST_PRICE,
    );
    const lot = opened.lotIds[0]!;
    const { members } = await seatCommittee(t, opened.tenderId, clock.now());
    for (const member of members)
      await writeSheet(t, {
        tenderId: opened.tenderId,
        lotId: lot,
        memberId: member.memberId,
        review: (opened.bidIds[0] as number[]).map((bidId, i) => ({
          bidId,
          pass: i > 0,
          ground: 'price_out_of_range',
        })),
      });
    const finished = await t.call(
      reportApi.finishEvaluation,
      { tenderId: opened.tenderId, insufficient: 'fail', reason: '仅两家有效，缺乏竞争' },
      members[0]!.token,
    );
    expect(finished.status).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${reportApi.downloadReport.path}?tenderId=${opened.tenderId}`,
      headers: { authorization: members[2]!.token },
    });
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    expect(await glyphProblems(bytes)).toEqual([]);
    const text = (await drawnText(bytes)).map((run) => run.text).join('');
    for (const part of [
      '经评审的最低投标价法',
      '四、排名（按评审价格由低到高）',
      '该标段流标',
      '仅两家有效，缺乏竞争',
      '待签字',
      finished.body.data.digest,
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('各委员评分');
  });
});
