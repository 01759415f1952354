import {
  CRITERIA_TOTAL,
  evaluationIssues,
  MAX_CANDIDATES,
  type CriterionKind,
  type EvaluationRuleIssue,
  type EvaluationView,
} from '@tender/contracts/evaluation';
import {
  benchmarkPrice,
  DEFAULT_PRICE_FORMULA,
  priceScores,
  TRIMMED_MEAN_FROM,
  type EvaluationMethod,
  type PriceFormula,
  type PriceFormulaKind,
} from '@tender/contracts/evaluation-formula';

/** One row of the criteria table as the form holds it (empty cells are null or undefined). */
export interface CriterionFormRow {
  /** Kept from a saved criterion, so the sheets scored against it stay attached. */
  criterionId?: number;
  name?: string;
  kind?: CriterionKind;
  maxScore?: number | null;
}

/** 评标设置 as the tender form holds it (`evaluation` in the form's values). */
export interface EvaluationFormValues {
  committee?: boolean;
  method?: EvaluationMethod;
  criteria?: CriterionFormRow[];
  priceFormula?: PriceFormulaKind;
  benchmarkFactor?: number | null;
  deductAbove?: number | null;
  deductBelow?: number | null;
  candidates?: number;
}

/** A usual 综合评估法 split to start from: the manager adjusts it to the tender. */
export const defaultCriteria = (): CriterionFormRow[] => [
  { name: '技术方案', kind: 'technical', maxScore: 40 },
  { name: '商务条款与业绩', kind: 'commercial', maxScore: 20 },
  { name: '投标报价', kind: 'price', maxScore: 40 },
];

export const newCriterionRow = (): CriterionFormRow => ({
  name: '',
  kind: 'technical',
  maxScore: null,
});

/** The settings a new tender starts with: the contract's defaults (a manager's award). */
export const evaluationDefaults = (mandatory = false): EvaluationFormValues => ({
  committee: mandatory,
  method: 'lowest_price',
  criteria: defaultCriteria(),
  priceFormula: DEFAULT_PRICE_FORMULA.kind,
  benchmarkFactor: DEFAULT_PRICE_FORMULA.benchmarkFactor,
  deductAbove: DEFAULT_PRICE_FORMULA.deductAbove,
  deductBelow: DEFAULT_PRICE_FORMULA.deductBelow,
  candidates: MAX_CANDIDATES,
});

/**
 * The settings a tender carries (API.md: `evaluation`), read without trusting that the view has
 * them: a tender saved before evaluation existed answers none.
 */
export const evaluationOf = (tender: object): EvaluationView | undefined => {
  const value = (tender as { evaluation?: Partial<EvaluationView> }).evaluation;
  return value && typeof value.committee === 'boolean' ? (value as EvaluationView) : undefined;
};

/** Whether an evaluation committee scores and ranks this tender (else the manager awards). */
export const hasCommittee = (tender: object) => evaluationOf(tender)?.committee === true;

/** Saved settings as form values; a 经评审的最低投标价法 draft still offers a criteria split. */
export function toEvaluationValues(
  saved: EvaluationView | undefined,
  mandatory: boolean,
): EvaluationFormValues {
  if (!saved) return evaluationDefaults(mandatory);
  return {
    ...saved,
    committee: saved.committee || mandatory,
    criteria: saved.criteria.length ? saved.criteria.map((c) => ({ ...c })) : defaultCriteria(),
  };
}

/**
 * The form's settings as the contract's `evaluation`: a manager's award sends only that (the
 * rest takes the defaults), 经评审的最低投标价法 sends no criteria (R 49: nothing is scored).
 */
export function toEvaluationInput(values: EvaluationFormValues | undefined) {
  const v = values ?? {};
  if (!v.committee) return { committee: false };
  const comprehensive = v.method === 'comprehensive';
  return {
    committee: true,
    method: v.method ?? 'lowest_price',
    criteria: comprehensive
      ? (v.criteria ?? []).map((row) => ({
          ...(row.criterionId !== undefined ? { criterionId: row.criterionId } : {}),
          name: row.name ?? '',
          kind: row.kind ?? 'technical',
          maxScore: row.maxScore ?? ('' as unknown as number),
        }))
      : [],
    priceFormula: v.priceFormula ?? DEFAULT_PRICE_FORMULA.kind,
    benchmarkFactor: v.benchmarkFactor ?? DEFAULT_PRICE_FORMULA.benchmarkFactor,
    deductAbove: v.deductAbove ?? DEFAULT_PRICE_FORMULA.deductAbove,
    deductBelow: v.deductBelow ?? DEFAULT_PRICE_FORMULA.deductBelow,
    candidates: v.candidates ?? MAX_CANDIDATES,
  };
}

/** 合计: the criteria's maxScores as typed so far (empty cells count 0). */
export const criteriaTotal = (rows: readonly CriterionFormRow[] | undefined) =>
  (rows ?? []).reduce((sum, row) => sum + (Number(row.maxScore) || 0), 0);

/** Whether the running total has reached exactly 100 (shown red until it does). */
export const totalReached = (rows: readonly CriterionFormRow[] | undefined) =>
  criteriaTotal(rows) === CRITERIA_TOTAL;

/**
 * The contract's rules across the settings (the server's own words) on the form as typed. The
 * committee switch is judged always; the criteria only when a committee scores them.
 */
export function evaluationRuleIssues(
  values: EvaluationFormValues | undefined,
  tender: { mandatory?: boolean },
): EvaluationRuleIssue[] {
  const v = values ?? {};
  const input = toEvaluationInput(v);
  return evaluationIssues(
    {
      committee: !!v.committee,
      method: input.method ?? 'lowest_price',
      criteria: (input.criteria ?? []).map((c) => ({
        ...c,
        maxScore: Number(c.maxScore) || 0,
      })),
    },
    { mandatory: !!tender.mandatory },
  );
}

/** The first rule's message at `path` (['evaluation', 'criteria', 0, 'maxScore'] …). */
export const evaluationIssueAt = (
  issues: readonly EvaluationRuleIssue[],
  path: (string | number)[],
) => issues.find((issue) => issue.path.join('.') === path.join('.'))?.message;

/** Shares of the budget the worked example starts from: five bids, so the trimmed mean shows. */
const SAMPLE_SHARES = [0.82, 0.88, 0.92, 0.95, 0.99];
const FALLBACK_BUDGET = 1_000_000;

/** Five sample prices around the budget (a round figure each), editable in the example. */
export const samplePrices = (budget: number | null | undefined): number[] => {
  const base = budget && budget > 0 ? budget : FALLBACK_BUDGET;
  return SAMPLE_SHARES.map((share) => Math.round(base * share));
};

export interface WorkedExample {
  /** B, to the cent. */
  benchmark: number;
  /** average_benchmark with five or more prices: the highest and the lowest left the mean. */
  trimmed: boolean;
  /** Each sample in its place: its price score, and whether the trimmed mean left it out. */
  rows: { price: number; score: number; leftOut: boolean }[];
}

/** The form's price formula in the arithmetic's terms (empty factors take the defaults). */
export const formulaOf = (v: EvaluationFormValues | undefined): PriceFormula => ({
  kind: v?.priceFormula ?? DEFAULT_PRICE_FORMULA.kind,
  benchmarkFactor: v?.benchmarkFactor ?? DEFAULT_PRICE_FORMULA.benchmarkFactor,
  deductAbove: v?.deductAbove ?? DEFAULT_PRICE_FORMULA.deductAbove,
  deductBelow: v?.deductBelow ?? DEFAULT_PRICE_FORMULA.deductBelow,
});

/**
 * The price formula worked on sample prices, with the server's own arithmetic
 * (evaluation-formula.ts): B and each price's score out of `maxScore`. Empty or non-positive
 * samples are skipped; none left: undefined.
 */
export function workedExample(
  prices: readonly (number | null | undefined)[],
  maxScore: number,
  formula: PriceFormula,
): WorkedExample | undefined {
  const valid = prices.filter((p): p is number => typeof p === 'number' && p > 0);
  if (!valid.length) return undefined;
  const scores = priceScores(valid, maxScore, formula);
  const trimmed = formula.kind === 'average_benchmark' && valid.length >= TRIMMED_MEAN_FROM;
  const low = valid.indexOf(Math.min(...valid));
  const high = valid.lastIndexOf(Math.max(...valid));
  return {
    benchmark: Math.round(benchmarkPrice(valid, formula) * 100) / 100,
    trimmed,
    rows: valid.map((price, index) => ({
      price,
      score: scores[index]!,
      leftOut: trimmed && (index === low || index === high),
    })),
  };
}

/** The price criterion's maxScore (M), when the criteria name exactly one. */
export const priceMaxScore = (rows: readonly CriterionFormRow[] | undefined) => {
  const prices = (rows ?? []).filter((row) => row.kind === 'price');
  return prices.length === 1 ? Number(prices[0]!.maxScore) || 0 : undefined;
};
