import type { z } from 'zod';
import type { evaluationSettings } from '@tender/contracts/evaluation';
import {
  evaluationIssues,
  numberCriteria,
  readEvaluation,
  type EvaluationView,
  type StoredEvaluation,
} from '@tender/contracts/evaluation';
import type { Tx } from '../../db/client.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import { committeeOfTender } from '../evaluation/members.js';

/**
 * A tender's 评标设置 (EVALUATION.md §2) as the tender routes save them: resolved from what a
 * save sends and what is stored, checked by the contract's rules, fixed at publication and
 * then changed only by an amendment, and never once a committee sits.
 */

type SentSettings = z.output<typeof evaluationSettings>;

/** `{}`: saved before evaluation settings existed (or never set). */
const isUnset = (stored: StoredEvaluation | null | undefined) =>
  !stored || Object.keys(stored).length === 0;

/**
 * The settings a save leaves: those sent (criteria keeping their ids, new ones numbered after
 * every id the tender had, so sheets never attach to another criterion), else the stored ones,
 * else the defaults with a committee on a `mandatory` tender, where the law requires one.
 */
export function settingsAfterSave(
  sent: SentSettings | undefined,
  stored: StoredEvaluation | null | undefined,
  mandatory: boolean,
): EvaluationView {
  const before = isUnset(stored) ? null : readEvaluation(stored);
  if (sent)
    return readEvaluation({
      ...sent,
      criteria: numberCriteria(sent.criteria, before?.criteria ?? []),
    });
  return before ?? readEvaluation({ ...readEvaluation({}), committee: mandatory });
}

/** The first broken rule, refused naming its field (`evaluation.criteria.2.maxScore`). */
export function checkEvaluation(settings: EvaluationView, tender: { mandatory: boolean }) {
  const [first] = evaluationIssues(settings, tender);
  if (first) throw new Invalid(first.path.join('.'), first.message);
}

/** Once the committee is formed its members score against these settings: they stay as they are. */
export async function assertEvaluationAmendable(tx: Tx, tenderId: number) {
  if (await committeeOfTender(tx, tenderId))
    throw new Conflict('评标委员会已组建，评标设置不能再修改', 'evaluation');
}
