import { describe, expect, it } from 'vitest';
import { sheetOf } from '../test-fixtures';
import { sheetGaps } from './sheet-completeness';
import { cellOfPath, draftOf, saveInputOf, scoreKey, type SheetDraft } from './sheet-draft';
import { flaggedMembers, outlierCells, outlierHint, outlierKey } from './outliers';

const empty: SheetDraft = { review: {}, scores: {} };
const passedBoth = (): SheetDraft => ({
  review: { 11: { pass: true, note: '' }, 12: { pass: true, note: '' } },
  scores: {
    [scoreKey(11, 1)]: 35,
    [scoreKey(11, 2)]: 20.5,
    [scoreKey(12, 1)]: 30,
    [scoreKey(12, 2)]: 0,
  },
});

describe('what a sheet lacks before it can be submitted', () => {
  it('asks for a review of every bid first', () => {
    const gaps = sheetGaps(sheetOf(), empty);
    expect(gaps.map((g) => g.cell)).toEqual(['review:11', 'review:12']);
    expect(gaps[0]!.message).toBe('「甲建设有限公司」未评审（通过或否决）');
  });

  it('asks every passed bid for a score on every criterion but price, under 综合评估法', () => {
    const draft = passedBoth();
    delete draft.scores[scoreKey(12, 2)];
    const gaps = sheetGaps(sheetOf(), draft);
    expect(gaps).toEqual([{ cell: 'score:12:2', message: '「乙科技有限公司」未评分：商务条款' }]);
  });

  it('takes 0 as a score given, and never asks for the price criterion', () => {
    expect(sheetGaps(sheetOf(), passedBoth())).toEqual([]);
  });

  it('asks a rejected bid for its ground and for no score', () => {
    const draft: SheetDraft = {
      ...passedBoth(),
      review: { ...passedBoth().review, 12: { pass: false, note: '' } },
    };
    expect(sheetGaps(sheetOf(), draft)).toEqual([
      { cell: 'ground:12', message: '「乙科技有限公司」已否决，请选择否决理由' },
    ]);
    draft.review[12] = { pass: false, ground: 'non_responsive', note: '' };
    expect(sheetGaps(sheetOf(), draft)).toEqual([]);
  });

  it('asks for no score under 经评审的最低投标价法', () => {
    const sheet = sheetOf({
      evaluation: { ...sheetOf().evaluation, method: 'lowest_price', criteria: [] },
    });
    const draft: SheetDraft = {
      review: { 11: { pass: true, note: '' }, 12: { pass: true, note: '' } },
      scores: {},
    };
    expect(sheetGaps(sheet, draft)).toEqual([]);
  });
});

describe('the saved sheet and where a refusal points', () => {
  it('sends reviews and the passed bids’ scores, not a rejected bid’s, and finds `scores.N.score` again', () => {
    const draft = passedBoth();
    draft.review[11] = { pass: false, ground: 'no_seal', note: '无盖章' };
    const { input, order } = saveInputOf(sheetOf(), draft);
    expect(input.review).toEqual([
      { bidId: 11, pass: false, ground: 'no_seal', note: '无盖章' },
      { bidId: 12, pass: true, ground: null, note: '' },
    ]);
    expect(input.scores).toEqual([
      { bidId: 12, criterionId: 1, score: 30 },
      { bidId: 12, criterionId: 2, score: 0 },
    ]);
    expect(cellOfPath('scores.1.score', order)).toBe('score:12:2');
    expect(cellOfPath('review.0.ground', order)).toBe('ground:11');
    expect(cellOfPath('review.1', order)).toBe('review:12');
    expect(cellOfPath('tenderId', order)).toBeNull();
  });

  it('reads the server’s sheet back as the draft it was', () => {
    const saved = sheetOf({
      review: [
        { bidId: 11, pass: true, ground: null, note: '' },
        { bidId: 12, pass: false, ground: 'unqualified', note: '资质过期' },
      ],
      scores: [{ bidId: 11, criterionId: 1, score: 35 }],
    });
    expect(draftOf(saved)).toEqual({
      review: {
        11: { pass: true, ground: null, note: '' },
        12: { pass: false, ground: 'unqualified', note: '资质过期' },
      },
      scores: { [scoreKey(11, 1)]: 35 },
    });
  });
});

describe('outlier cells', () => {
  const outliers = [
    { memberId: 2, bidId: 11, criterionId: 1, score: 38, othersMean: 20.333 },
    { memberId: 2, bidId: 12, criterionId: 2, score: 2, othersMean: 24 },
  ];

  it('marks exactly the flagged member, bid and criterion', () => {
    const cells = outlierCells(outliers);
    expect(cells.get(outlierKey(2, 11, 1))?.othersMean).toBe(20.333);
    expect(cells.has(outlierKey(2, 11, 2))).toBe(false);
    expect(cells.has(outlierKey(3, 11, 1))).toBe(false);
    expect([...flaggedMembers(outliers)]).toEqual([2]);
    expect(outlierCells(null).size).toBe(0);
  });

  it('says the others’ mean in the tooltip', () => {
    expect(outlierHint(outliers[0]!)).toBe('偏离其他委员平均分：本项 38 分，其他委员平均 20.33 分');
  });
});
