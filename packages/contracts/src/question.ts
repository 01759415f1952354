import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, requiredText } from './fields.js';

/**
 * 答疑 (EVALUATION.md §3): signed-up suppliers ask about the documents until `questionsUntil`;
 * managers answer, and every signed-up supplier reads the answer without learning who asked.
 */

export const MAX_QUESTION_LENGTH = 2000;
export const MAX_ANSWER_LENGTH = 5000;
/** R 22: questions on a `mandatory` tender close 10 days before the deadline; others 1 day. */
export const MANDATORY_QUESTION_DAYS = 10;
export const QUESTION_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default when a tender says nothing: so many days before the deadline. */
export const defaultQuestionsUntil = (tender: { mandatory: boolean; bidDeadline: Date }) =>
  new Date(
    tender.bidDeadline.getTime() -
      (tender.mandatory ? MANDATORY_QUESTION_DAYS : QUESTION_DAYS) * DAY_MS,
  );

/** The effective 答疑截止: the tender's own, or the default from its deadline. */
export const questionsUntilOf = (tender: {
  questionsUntil: Date | null;
  mandatory: boolean;
  bidDeadline: Date;
}) => tender.questionsUntil ?? defaultQuestionsUntil(tender);

export const question = z.object({
  id: z.number(),
  tenderId: z.number(),
  content: z.string(),
  askedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** The caller's company asked it (a supplier's 我的提问). */
  mine: z.boolean(),
  /** Managers only: who asked. Null for everyone else, always. */
  asker: z
    .object({ supplierId: z.number(), supplierName: z.string(), username: z.string() })
    .nullable(),
});
export type Question = z.infer<typeof question>;

export const insertQuestion = defineRoute({
  method: 'POST',
  path: '/api/ttender/question-management/insert-question',
  summary: '提出答疑问题（已报名供应商，答疑截止前）',
  tag: '答疑',
  body: z.object({
    tenderId: id('tenderId'),
    content: requiredText('content', '问题内容', MAX_QUESTION_LENGTH),
  }),
  data: question,
});

export const listQuestion = defineRoute({
  method: 'GET',
  path: '/api/ttender/question-management/list-question',
  summary: '答疑列表（招标管理员：全部，含提问人；已报名供应商：已答复的与本公司的，不含提问人）',
  tag: '答疑',
  query: z.object({ ...pageQuery, tenderId: id('tenderId') }),
  data: pageOf(question).extend({
    /** The tender's last moment for questions, and whether the caller may ask now. */
    questionsUntil: z.string(),
    canAsk: z.boolean(),
  }),
});

export const answerQuestion = defineRoute({
  method: 'POST',
  path: '/api/ttender/question-management/answer-question',
  summary: '答复答疑问题（招标管理员；答复向全部已报名供应商公布，不公开提问人）',
  tag: '答疑',
  body: z.object({
    id: id('id'),
    answer: requiredText('answer', '答复内容', MAX_ANSWER_LENGTH),
  }),
  data: question,
});
