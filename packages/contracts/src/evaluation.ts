import { z } from 'zod';
import { id, intIn, requiredText } from './fields.js';
import { DEFAULT_PRICE_FORMULA, EVALUATION_METHODS, PRICE_FORMULAS } from './evaluation-formula.js';

/**
 * A tender's evaluation settings (EVALUATION.md §2, "How a tender is evaluated"): committee or
 * manager award, the method, the criteria of 综合评估法 and the price formula, the number of
 * candidates. Fixed at publication; changed only by an amendment. One definition of the fields
 * and their rules for the server and the tender form's 评标设置.
 */

export const CRITERION_KINDS = ['technical', 'commercial', 'price'] as const;
export type CriterionKind = (typeof CRITERION_KINDS)[number];
export const CRITERION_KIND_LABELS: Record<CriterionKind, string> = {
  technical: '技术',
  commercial: '商务',
  price: '价格',
};

/** The criteria's maxScores sum to exactly this. */
export const CRITERIA_TOTAL = 100;
/** The one price criterion is worth at least this. */
export const MIN_PRICE_CRITERION = 10;
export const MAX_CRITERIA = 20;
export const MAX_CANDIDATES = 3;

const factor = (field: string, label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .min(min, `${label}最小为 ${min}`)
    .max(max, `${label}最大为 ${max}`)
    .refine((v) => Math.round(v * 100) === v * 100, `${label}最多两位小数`)
    .describe(field);

export const criterionInput = z.object({
  /** Kept on an update, so the sheets scored against it stay attached. */
  criterionId: id('criterionId').optional(),
  name: requiredText('name', '评分项名称', 50),
  kind: z.enum(CRITERION_KINDS, { error: '评分项类型只能是 technical、commercial 或 price' }),
  maxScore: intIn('评分项分值', 1, CRITERIA_TOTAL),
});
export type CriterionInput = z.input<typeof criterionInput>;

export const evaluationSettings = z.object({
  /** true: an evaluation committee scores and ranks; required on `mandatory` tenders (Law 57). */
  committee: z.boolean({ error: '是否组建评标委员会必须是 true 或 false' }).default(false),
  method: z
    .enum(EVALUATION_METHODS, {
      error: '评标办法只能是 lowest_price（经评审的最低投标价法）或 comprehensive（综合评估法）',
    })
    .default('lowest_price'),
  criteria: z
    .array(criterionInput, { error: '评分项必须是数组' })
    .max(MAX_CRITERIA, `评分项最多 ${MAX_CRITERIA} 项`)
    .default([]),
  priceFormula: z
    .enum(PRICE_FORMULAS, {
      error:
        '价格分计算方法只能是 lowest_benchmark（最低价基准）或 average_benchmark（平均价基准）',
    })
    .default(DEFAULT_PRICE_FORMULA.kind),
  benchmarkFactor: factor('benchmarkFactor', '基准价系数', 0.9, 1).default(
    DEFAULT_PRICE_FORMULA.benchmarkFactor,
  ),
  deductAbove: factor('deductAbove', '高于基准价扣分系数', 0, 10).default(
    DEFAULT_PRICE_FORMULA.deductAbove,
  ),
  deductBelow: factor('deductBelow', '低于基准价扣分系数', 0, 10).default(
    DEFAULT_PRICE_FORMULA.deductBelow,
  ),
  candidates: intIn('推荐中标候选人数', 1, MAX_CANDIDATES).default(MAX_CANDIDATES),
});
export type EvaluationSettingsInput = z.input<typeof evaluationSettings>;
export type EvaluationSettings = z.output<typeof evaluationSettings>;

export interface EvaluationRuleIssue {
  /** ['evaluation', field] or ['evaluation', 'criteria', index, field]. */
  path: (string | number)[];
  message: string;
}

/**
 * The rules across the settings, each at the field it names: a committee on every `mandatory`
 * tender; 综合评估法's criteria summing to exactly 100 with exactly one price criterion worth at
 * least 10; no criteria under 经评审的最低投标价法 (nothing outside the criteria is scored, R 49).
 */
export function evaluationIssues(
  settings: Pick<EvaluationSettings, 'committee' | 'method' | 'criteria'>,
  tender: { mandatory: boolean },
): EvaluationRuleIssue[] {
  const issues: EvaluationRuleIssue[] = [];
  const at = (path: (string | number)[], message: string) =>
    issues.push({ path: ['evaluation', ...path], message });
  if (tender.mandatory && !settings.committee)
    at(['committee'], '依法必须招标的项目必须由评标委员会评标（招标投标法第三十七条、第五十七条）');
  if (settings.method === 'lowest_price') {
    if (settings.criteria.length)
      at(['criteria'], '经评审的最低投标价法按价格排序，不设评分项（请改用综合评估法）');
    return issues;
  }
  const total = settings.criteria.reduce((sum, criterion) => sum + criterion.maxScore, 0);
  if (total !== CRITERIA_TOTAL)
    at(['criteria'], `评分项分值合计必须等于 ${CRITERIA_TOTAL}（当前 ${total}）`);
  const prices = settings.criteria.filter((criterion) => criterion.kind === 'price');
  if (prices.length !== 1)
    at(['criteria'], `综合评估法必须有且只有 1 个价格评分项（当前 ${prices.length} 个）`);
  settings.criteria.forEach((criterion, index) => {
    if (criterion.kind === 'price' && criterion.maxScore < MIN_PRICE_CRITERION)
      at(
        ['criteria', index, 'maxScore'],
        `价格评分项分值不得低于 ${MIN_PRICE_CRITERION} 分（当前 ${criterion.maxScore}）`,
      );
  });
  const names = settings.criteria.map((criterion) => criterion.name.trim());
  names.forEach((name, index) => {
    if (names.indexOf(name) !== index) at(['criteria', index, 'name'], `评分项「${name}」重复`);
  });
  return issues;
}

/** A criterion as stored and shown: its id is kept across updates and amendments. */
export const criterion = z.object({
  criterionId: z.number(),
  name: z.string(),
  kind: z.enum(CRITERION_KINDS),
  maxScore: z.number(),
});
export type Criterion = z.infer<typeof criterion>;

/** The settings as a tender carries them (API.md: `evaluation`). */
export const evaluationView = z.object({
  committee: z.boolean(),
  method: z.enum(EVALUATION_METHODS),
  criteria: z.array(criterion),
  priceFormula: z.enum(PRICE_FORMULAS),
  benchmarkFactor: z.number(),
  deductAbove: z.number(),
  deductBelow: z.number(),
  candidates: z.number(),
});
export type EvaluationView = z.infer<typeof evaluationView>;

/** What tenders.evaluation holds: the view, or `{}` for a tender saved before evaluation existed. */
export type StoredEvaluation = EvaluationView | Record<string, never>;

/** A stored value read as the settings: `{}` (and any missing field) takes the defaults. */
export function readEvaluation(stored: StoredEvaluation | null | undefined): EvaluationView {
  const settings = evaluationSettings.parse(stored ?? {});
  return {
    ...settings,
    criteria: settings.criteria.map((c, index) => ({
      criterionId: c.criterionId ?? index + 1,
      name: c.name,
      kind: c.kind,
      maxScore: c.maxScore,
    })),
  };
}

/**
 * Ids for a saved list of criteria: a criterion sent with its id keeps it; a new one gets the
 * next above every id the tender had, so a sheet's scores never attach to another criterion.
 */
export function numberCriteria(
  criteria: readonly z.output<typeof criterionInput>[],
  before: readonly Criterion[],
): Criterion[] {
  let next = Math.max(0, ...before.map((c) => c.criterionId)) + 1;
  const known = new Set(before.map((c) => c.criterionId));
  return criteria.map((c) => ({
    criterionId: c.criterionId !== undefined && known.has(c.criterionId) ? c.criterionId : next++,
    name: c.name.trim(),
    kind: c.kind,
    maxScore: Number(c.maxScore),
  }));
}
