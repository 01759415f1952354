import { describe, expect, it } from 'vitest';
import { evaluationSettings } from '@tender/contracts/evaluation';
import {
  criteriaTotal,
  evaluationIssueAt,
  evaluationRuleIssues,
  priceMaxScore,
  samplePrices,
  toEvaluationInput,
  toEvaluationValues,
  totalReached,
  workedExample,
  type EvaluationFormValues,
} from './evaluation-form-values';

const average = (benchmarkFactor = 1) => ({
  kind: 'average_benchmark' as const,
  benchmarkFactor,
  deductAbove: 1.2,
  deductBelow: 0.8,
});
const lowest = { ...average(), kind: 'lowest_benchmark' as const };

describe('the worked example of the price formula', () => {
  it('lowest benchmark: B is the lowest sample and it scores the full M', () => {
    // B = 100: 30 × 100/100, 30 × 100/125, 30 × 100/200 (worked by hand).
    const example = workedExample([100, 125, 200], 30, lowest);
    expect(example?.benchmark).toBe(100);
    expect(example?.rows.map((r) => r.score)).toEqual([30, 24, 15]);
    expect(example?.trimmed).toBe(false);
  });

  it('average benchmark with five samples leaves the highest and the lowest out of the mean', () => {
    // Mean of 90, 100, 110 = 100 = B (k = 1); 50 scores 12, 300 is floored at 0.
    const example = workedExample([50, 90, 100, 110, 300], 20, average(1));
    expect(example?.benchmark).toBe(100);
    expect(example?.trimmed).toBe(true);
    expect(example?.rows.map((r) => r.score)).toEqual([12, 18.4, 20, 17.6, 0]);
    expect(example?.rows.filter((r) => r.leftOut).map((r) => r.price)).toEqual([50, 300]);
  });

  it('average benchmark with fewer than five samples counts them all, k applied', () => {
    // Mean 100, k = 0.95: B = 95; 90 → 38.32, 100 → 37.47, 110 → 32.42.
    const example = workedExample([90, 100, 110], 40, average(0.95));
    expect(example?.benchmark).toBe(95);
    expect(example?.trimmed).toBe(false);
    expect(example?.rows.map((r) => r.score)).toEqual([38.32, 37.47, 32.42]);
  });

  it('skips empty samples and says nothing without any', () => {
    expect(workedExample([null, 100, undefined, 0], 10, lowest)?.rows).toEqual([
      { price: 100, score: 10, leftOut: false },
    ]);
    expect(workedExample([null, undefined], 10, lowest)).toBeUndefined();
  });

  it('starts from five sample prices around the budget', () => {
    const prices = samplePrices(1_000_000);
    expect(prices).toHaveLength(5);
    expect(prices.every((p) => p > 0 && p <= 1_000_000)).toBe(true);
    expect(samplePrices(null)).toHaveLength(5);
  });
});

describe('the criteria as typed', () => {
  const comprehensive = (criteria: EvaluationFormValues['criteria']): EvaluationFormValues => ({
    committee: true,
    method: 'comprehensive',
    criteria,
  });

  it('totals the scores typed so far and reaches 100 only exactly', () => {
    const rows = [
      { name: '技术', kind: 'technical' as const, maxScore: 60 },
      { name: '价格', kind: 'price' as const, maxScore: null },
    ];
    expect(criteriaTotal(rows)).toBe(60);
    expect(totalReached(rows)).toBe(false);
    expect(totalReached([rows[0]!, { ...rows[1]!, maxScore: 40 }])).toBe(true);
    expect(priceMaxScore([rows[0]!, { ...rows[1]!, maxScore: 40 }])).toBe(40);
  });

  it("says the server's words at the field they name", () => {
    const issues = evaluationRuleIssues(
      comprehensive([
        { name: '技术', kind: 'technical', maxScore: 95 },
        { name: '价格', kind: 'price', maxScore: 5 },
        { name: '价格', kind: 'commercial', maxScore: 10 },
      ]),
      { mandatory: false },
    );
    expect(evaluationIssueAt(issues, ['evaluation', 'criteria'])).toBe(
      '评分项分值合计必须等于 100（当前 110）',
    );
    expect(evaluationIssueAt(issues, ['evaluation', 'criteria', 1, 'maxScore'])).toMatch(
      /价格评分项分值不得低于 10 分/,
    );
    expect(evaluationIssueAt(issues, ['evaluation', 'criteria', 2, 'name'])).toBe(
      '评分项「价格」重复',
    );
  });

  it('requires a committee on a mandatory tender', () => {
    const issues = evaluationRuleIssues({ committee: false }, { mandatory: true });
    expect(evaluationIssueAt(issues, ['evaluation', 'committee'])).toMatch(/必须由评标委员会评标/);
    expect(toEvaluationValues(undefined, true).committee).toBe(true);
  });
});

describe('the settings sent', () => {
  it('a manager’s award sends only that; lowest price sends no criteria', () => {
    expect(toEvaluationInput({ committee: false, method: 'comprehensive' })).toEqual({
      committee: false,
    });
    const lowestPrice = toEvaluationInput({
      committee: true,
      method: 'lowest_price',
      criteria: [{ name: '技术', kind: 'technical', maxScore: 100 }],
    });
    expect(lowestPrice.criteria).toEqual([]);
    expect(evaluationSettings.safeParse(lowestPrice).success).toBe(true);
  });

  it('keeps a saved criterion’s id so its scores stay attached', () => {
    const input = toEvaluationInput({
      committee: true,
      method: 'comprehensive',
      criteria: [
        { criterionId: 4, name: '技术', kind: 'technical', maxScore: 70 },
        { name: '价格', kind: 'price', maxScore: 30 },
      ],
      priceFormula: 'average_benchmark',
      benchmarkFactor: 0.92,
    });
    const parsed = evaluationSettings.parse(input);
    expect(parsed.criteria.map((c) => c.criterionId)).toEqual([4, undefined]);
    expect(parsed).toMatchObject({ benchmarkFactor: 0.92, deductAbove: 1.2, candidates: 3 });
  });
});
