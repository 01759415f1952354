import { committeeApi } from '@tender/contracts';

const { MANDATORY_MIN_COMMITTEE, MAX_COMMITTEE, MIN_COMMITTEE, maxRepresentatives } = committeeApi;

/** The smallest committee the tender may have: five on a 依法必须招标 tender (Law 37), else three. */
export const minCommitteeSize = (mandatory: boolean) =>
  mandatory ? MANDATORY_MIN_COMMITTEE : MIN_COMMITTEE;

/** What the draw form says of its size, in the server's rule: odd, at least the minimum. */
export function committeeSizeIssue(size: number | null | undefined, mandatory: boolean) {
  if (size == null) return '请输入评标委员会人数';
  const min = minCommitteeSize(mandatory);
  if (size % 2 === 0) return '评标委员会人数必须为单数（招标投标法第三十七条）';
  if (size < min)
    return mandatory
      ? `依法必须招标的项目，评标委员会不少于 ${min} 人（招标投标法第三十七条）`
      : `评标委员会不少于 ${min} 人`;
  if (size > MAX_COMMITTEE) return `评标委员会最多 ${MAX_COMMITTEE} 人`;
  return undefined;
}

/** Representatives are at most ⌊n/3⌋, so that experts are at least two thirds (Law 37). */
export function representativesIssue(count: number, size: number | null | undefined) {
  if (!size) return undefined;
  const max = maxRepresentatives(size);
  return count > max
    ? `${size} 人的评标委员会中招标人代表最多 ${max} 人（不超过三分之一，招标投标法第三十七条）`
    : undefined;
}

/** The rules the draw form lists above its fields. */
export const committeeRules = (mandatory: boolean, size: number | null | undefined) => [
  `人数为单数，${mandatory ? `依法必须招标的项目不少于 ${MANDATORY_MIN_COMMITTEE} 人` : `不少于 ${MIN_COMMITTEE} 人`}`,
  `招标人代表不超过三分之一${size ? `（${size} 人时最多 ${maxRepresentatives(size)} 人）` : ''}，其余为随机抽取的评标专家`,
  '与任一报名供应商同单位（名称或统一社会信用代码相同）的专家、曾申请回避的专家不参加抽取',
  '抽取种子由服务器安全随机源生成，与合格专家名单摘要一并记录，可随时验证',
];

const AFTER_DEADLINE = [
  'closed',
  'opening',
  'opened',
  'evaluating',
  'evaluated',
  'awarded',
  'failed',
];

/** 组建评标委员会 opens once the bid deadline has passed (the sign-ups are final). */
export const pastBidDeadline = (status: string) => AFTER_DEADLINE.includes(status);

/** The first candidate, in the report's order, that has not been declined (R 55), or undefined. */
export const firstStanding = <C extends { bidId: number }>(
  candidates: readonly C[],
  declined: ReadonlySet<number>,
) => candidates.find((candidate) => !declined.has(candidate.bidId));
