import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageQuery } from './envelope.js';
import { id, queryBoolean } from './fields.js';

export const NOTIFICATION_KINDS = [
  'supplier_approved',
  'supplier_rejected',
  'tender_amended',
  'question_answered',
  'deadline_soon',
  'bids_opened',
  'opening_started',
  'candidates_published',
  'objection_filed',
  'objection_answered',
  'award_result',
  'clarification_asked',
  'clarification_answered',
  'sheet_reopened',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Where a notification leads: the web app's path of the exact record, written by the server and
 * honoured by the screen it names (the query parameters are defined here, once).
 */
export const notificationLinks = {
  /** 个人信息: a bidder's company profile with its review state. */
  companyProfile: () => '/updateInfo',
  /** 下载招标文件: the tender with its 澄清/修改 and documents (signed-up suppliers). */
  tenderPage: (tenderId: number) => `/downloadTender?id=${tenderId}`,
  /** 投标报价, the tender's row (the quotation, the opening record to confirm, the result). */
  biddingRow: (tenderId: number) => `/bidding?tenderId=${tenderId}`,
  /** 下载招标文件 scrolled to its 答疑 (a published answer to read). */
  tenderQuestions: (tenderId: number) => `/downloadTender?id=${tenderId}&tab=qa`,
  announcement: (id: number) => `/announcementDetail?id=${id}`,
  /** The announcement with one objection picked out (scrolled to and highlighted). */
  objection: (announcementId: number, objectionId: number) =>
    `/announcementDetail?id=${announcementId}&objection=${objectionId}`,
  /**
   * The result announcement with the 中标通知书 open. The notice is issued at the award, while
   * the announcement may still be a draft the winner cannot read: the tender (and, on a tender
   * of several lots, the lot) names the notice.
   */
  awardNotice: (announcementId: number, tenderId: number, lotId?: number) =>
    `/announcementDetail?id=${announcementId}&tenderId=${tenderId}${lotId ? `&lotId=${lotId}` : ''}&notice=1`,
  /** 招标管理详情 on its 开标记录 tab, where a manager answers an objection to the record. */
  openingRecord: (tenderId: number) =>
    `/denderManagement_details?id=${tenderId}&tab=opening-record`,
  /** 评标澄清 (a bidder's list) with one clarification picked out. */
  clarification: (id: number) => `/clarification?id=${id}`,
  /** 专家评标台 of one lot (a member: an answer to its clarification arrived). */
  evaluationDesk: (tenderId: number, lotId: number) =>
    `/evaluationDesk?tenderId=${tenderId}&lotId=${lotId}`,
} as const;

export const notification = z.object({
  id: z.number(),
  kind: z.string(),
  text: z.string(),
  /** A path inside the web app, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const listMyNotification = defineRoute({
  method: 'GET',
  path: '/api/notification/notification-management/list-my-notification',
  summary: '我的消息（最新在前，含未读数）',
  tag: '消息',
  query: z.object({ ...pageQuery, unread: queryBoolean.optional() }),
  data: z.object({
    list: z.array(notification),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    unreadCount: z.number().int(),
  }),
});

export const markRead = defineRoute({
  method: 'POST',
  path: '/api/notification/notification-management/mark-read',
  summary: '标记消息为已读（指定 ids，或 all）',
  tag: '消息',
  body: z
    .object({
      ids: z.array(id('ids')).max(500, '一次最多标记 500 条消息').optional(),
      all: z.boolean({ error: '全部必须是 true 或 false' }).optional(),
    })
    .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, {
      message: '请指定要标记为已读的消息，或全部标记',
      path: ['ids'],
    }),
  data: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
});
