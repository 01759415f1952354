import { describe, expect, it } from 'vitest';
import { evaluationIssues, evaluationSettings } from './evaluation.js';

const comprehensive = (criteria: { name: string; kind: string; maxScore: number }[]) =>
  evaluationSettings.parse({ committee: true, method: 'comprehensive', criteria });

const messages = (settings: Parameters<typeof evaluationIssues>[0], mandatory = true) =>
  evaluationIssues(settings, { mandatory }).map((issue) => [issue.path.join('.'), issue.message]);

describe('evaluation settings', () => {
  it('defaults to the manager comparing prices, three candidates, the lowest-price benchmark', () => {
    expect(evaluationSettings.parse({})).toEqual({
      committee: false,
      method: 'lowest_price',
      criteria: [],
      priceFormula: 'lowest_benchmark',
      benchmarkFactor: 0.95,
      deductAbove: 1.2,
      deductBelow: 0.8,
      candidates: 3,
    });
    expect(messages(evaluationSettings.parse({}), false)).toEqual([]);
  });

  it('requires a committee on a mandatory tender', () => {
    expect(messages(evaluationSettings.parse({}))).toEqual([
      ['evaluation.committee', expect.stringContaining('必须由评标委员会评标')],
    ]);
  });

  it('takes criteria summing to exactly 100 with one price criterion of at least 10', () => {
    const good = comprehensive([
      { name: '技术方案', kind: 'technical', maxScore: 50 },
      { name: '商务条款', kind: 'commercial', maxScore: 20 },
      { name: '投标报价', kind: 'price', maxScore: 30 },
    ]);
    expect(messages(good)).toEqual([]);
  });

  it('names each broken criteria rule at its field', () => {
    expect(
      messages(
        comprehensive([
          { name: '技术方案', kind: 'technical', maxScore: 60 },
          { name: '技术方案', kind: 'technical', maxScore: 35 },
          { name: '投标报价', kind: 'price', maxScore: 5 },
        ]),
      ),
    ).toEqual([
      ['evaluation.criteria.2.maxScore', '价格评分项分值不得低于 10 分（当前 5）'],
      ['evaluation.criteria.1.name', '评分项「技术方案」重复'],
    ]);
    expect(
      messages(
        comprehensive([
          { name: '技术方案', kind: 'technical', maxScore: 50 },
          { name: '价格一', kind: 'price', maxScore: 20 },
          { name: '价格二', kind: 'price', maxScore: 20 },
        ]),
      ),
    ).toEqual([
      ['evaluation.criteria', '评分项分值合计必须等于 100（当前 90）'],
      ['evaluation.criteria', '综合评估法必须有且只有 1 个价格评分项（当前 2 个）'],
    ]);
  });

  it('scores nothing under the lowest-price method', () => {
    const settings = evaluationSettings.parse({
      committee: true,
      method: 'lowest_price',
      criteria: [{ name: '技术方案', kind: 'technical', maxScore: 100 }],
    });
    expect(messages(settings)).toEqual([
      ['evaluation.criteria', expect.stringContaining('不设评分项')],
    ]);
  });

  it('refuses out-of-range factors and candidates with messages naming them', () => {
    const result = evaluationSettings.safeParse({
      benchmarkFactor: 0.85,
      deductAbove: -1,
      candidates: 4,
      criteria: [{ name: '', kind: 'quality', maxScore: 0 }],
    });
    expect(result.success).toBe(false);
    const found = result.error!.issues.map((issue) => issue.message);
    expect(found).toEqual(
      expect.arrayContaining([
        '基准价系数最小为 0.9',
        '高于基准价扣分系数最小为 0',
        '推荐中标候选人数最大为 3',
        '评分项名称不能为空',
        '评分项类型只能是 technical、commercial 或 price',
        '评分项分值最小为 1',
      ]),
    );
  });
});
