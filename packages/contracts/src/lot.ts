import { z } from 'zod';
import { amount, emptyToNull, id, intIn, requiredText } from './fields.js';
import { formatAmount } from './format.js';

/**
 * 标段/标包 (EVALUATION.md §1): a tender has 1–50 lots numbered 1…n, each bid, opened and
 * awarded on its own. One definition of a lot's fields and rules for the server (which decides)
 * and the tender form (which says the same as it is filled in).
 */
export const MAX_LOTS = 50;
/** A lot's minimum bids when none is given; never below it on a `mandatory` tender. */
export const DEFAULT_LOT_MIN_BIDS = 3;
export const MANDATORY_LOT_MIN_BIDS = 3;
/** 招标投标法实施条例 §26: the bid bond is at most 2 % of the lot's estimated price. */
export const MAX_BOND_SHARE = 0.02;

/**
 * A lot's status: its tender's, except that a lot fails alone at the opening (`failed`) and is
 * awarded alone (`awarded`). `evaluating` and `evaluated` come with the evaluation committee.
 */
export const LOT_STATUSES = [
  'draft',
  'published',
  'closed',
  'opening',
  'opened',
  'evaluating',
  'evaluated',
  'awarded',
  'cancelled',
  'failed',
] as const;
export const lotStatus = z.enum(LOT_STATUSES);
export type LotStatus = z.infer<typeof lotStatus>;

/** Zero or more, two decimals at most: a bond of 0 means none is required. */
const bondAmount = z
  .union([z.number(), z.string().trim()], { error: '投标保证金必须是数字' })
  .transform((v) => (typeof v === 'number' ? String(v) : v === '' ? '0' : v))
  .refine((v) => /^\d+(\.\d+)?$/.test(v), '投标保证金必须是数字（0 表示不收取）')
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), '投标保证金最多两位小数')
  .transform(Number)
  .describe('bidBond');

/** One lot as a manager writes it. `lotId` keeps an existing lot (and what hangs on it). */
export const lotInput = z.object({
  lotId: id('lotId').optional(),
  /** Left out: numbered by its place in the list. Sent: 1…n without gaps or repeats. */
  lotNo: intIn('标段编号', 1, MAX_LOTS).optional(),
  name: requiredText('name', '标段名称', 100),
  budget: amount('budget', '标段预算'),
  priceCeiling: emptyToNull(amount('priceCeiling', '标段最高投标限价')),
  minBids: intIn('标段最少有效投标数', 1, 50).default(DEFAULT_LOT_MIN_BIDS),
  bidBond: bondAmount.default(0),
  quantity: emptyToNull(requiredText('quantity', '数量', 50)),
  description: z.string().trim().max(2000, '标段说明最多 2000 个字符').default(''),
});
export type LotInput = z.input<typeof lotInput>;
export type LotValues = z.output<typeof lotInput>;

export const lotList = z
  .array(lotInput, { error: '标段必须是数组' })
  .min(1, '至少 1 个标段')
  .max(MAX_LOTS, `最多 ${MAX_LOTS} 个标段`);

/** The limit of 兼投不兼中 (a supplier wins at most this many lots), or null for none. */
export const maxLotsPerWinner = emptyToNull(intIn('每个投标人最多中标标段数', 1, MAX_LOTS));

export interface LotRuleIssue {
  /** ['lots', index, field] or ['maxLotsPerWinner'] or ['lots']. */
  path: (string | number)[];
  message: string;
}

type RuleLot = Pick<
  LotValues,
  'lotNo' | 'name' | 'budget' | 'priceCeiling' | 'minBids' | 'bidBond'
>;

/** Each lot's place in the list: its `lotNo` as sent, or its position. */
const numberOf = (lot: Pick<LotValues, 'lotNo'>, index: number) => lot.lotNo ?? index + 1;

/**
 * The rules over a tender's lots, each issue at the field it names: numbering 1…n without gaps
 * or repeats, at least three bids on a `mandatory` tender, the 2 % bond, the ceiling within
 * reach, and 兼投不兼中 within the number of lots.
 */
export function lotIssues(
  lots: readonly RuleLot[],
  tender: { mandatory: boolean; maxLotsPerWinner?: number | null },
): LotRuleIssue[] {
  const issues: LotRuleIssue[] = [];
  if (lots.length === 0) issues.push({ path: ['lots'], message: '至少 1 个标段' });
  if (lots.length > MAX_LOTS) issues.push({ path: ['lots'], message: `最多 ${MAX_LOTS} 个标段` });
  const numbers = lots.map(numberOf);
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i + 1))
    issues.push({
      path: ['lots'],
      message: `标段编号必须从 1 起连续编号，不能重复或跳号（收到 ${numbers.join('、')}）`,
    });
  lots.forEach((lot, index) => {
    const at = (field: string, message: string) =>
      issues.push({
        path: ['lots', index, field],
        message: `标段 ${numberOf(lot, index)}：${message}`,
      });
    if (tender.mandatory && lot.minBids < MANDATORY_LOT_MIN_BIDS)
      at(
        'minBids',
        `依法必须招标的项目，最少有效投标数不得少于 ${MANDATORY_LOT_MIN_BIDS}（招标投标法实施条例第四十四条）`,
      );
    const maxBond = Math.floor(lot.budget * MAX_BOND_SHARE * 100) / 100;
    if (lot.bidBond > maxBond)
      at(
        'bidBond',
        `投标保证金不得超过标段预算的 2%（最多 ${formatAmount(maxBond)} 元，招标投标法实施条例第二十六条）`,
      );
    if (lot.priceCeiling != null && lot.priceCeiling <= 0)
      at('priceCeiling', '最高投标限价必须大于 0');
    else if (lot.priceCeiling != null && lot.priceCeiling > lot.budget)
      at('priceCeiling', '最高投标限价不能高于标段预算（本系统规则）');
  });
  const cap = tender.maxLotsPerWinner;
  if (cap != null && (cap < 1 || cap > lots.length))
    issues.push({
      path: ['maxLotsPerWinner'],
      message: `每个投标人最多中标标段数必须在 1 到标段数（${lots.length}）之间`,
    });
  return issues;
}

/** The lots in lotNo order, numbered 1…n (after lotIssues found nothing). */
export const numberedLots = <T extends Pick<LotValues, 'lotNo'>>(lots: readonly T[]) =>
  lots
    .map((lot, index) => ({ ...lot, lotNo: numberOf(lot, index) }))
    .sort((a, b) => a.lotNo - b.lotNo);

/** What anyone who may see the tender sees of a lot. */
export const lot = z.object({
  lotId: z.number(),
  lotNo: z.number(),
  name: z.string(),
  budget: z.number(),
  priceCeiling: z.number().nullable(),
  minBids: z.number(),
  bidBond: z.number(),
  quantity: z.string().nullable(),
  description: z.string(),
  status: lotStatus,
});
export type Lot = z.infer<typeof lot>;
/**
 * A lot as the public and bidders see it: without its minimum of valid bids, an internal
 * field like the tender's own `minBids` (the opening record states it once bids are open).
 */
export const publicLot = lot.omit({ minBids: true });
export type PublicLot = z.infer<typeof publicLot>;
/** A lot as any viewer gets it: managers also see its minimum bids. */
export type AnyLotView = PublicLot & { minBids?: number };

/** "标段 2：35kV 开关柜" — how documents and messages name a lot. */
export const lotLabel = (lot: Pick<Lot, 'lotNo' | 'name'>) => `标段 ${lot.lotNo}：${lot.name}`;

/**
 * `lotId` in a query or body: may be left out on a one-lot tender, required otherwise (the
 * server says so naming it).
 */
export const optionalLotId = id('lotId').optional();

/** `lotIds` in a query string (`1,2` or repeated) or a body (an array). */
export const lotIdList = z.preprocess(
  (value) =>
    typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value,
  z
    .array(id('lotIds', '标段'), { error: '标段必须是数组' })
    .min(1, '至少选择 1 个标段')
    .max(MAX_LOTS, `最多 ${MAX_LOTS} 个标段`),
);

/** The message when a tender of several lots is asked about without naming one. */
export const LOT_ID_REQUIRED = '该招标有多个标段，必须指定标段（lotId）';
