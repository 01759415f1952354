import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageQuery } from './envelope.js';
import { id, queryBoolean } from './fields.js';

export const NOTIFICATION_KINDS = [
  'supplier_approved',
  'supplier_rejected',
  'tender_amended',
  'deadline_soon',
  'bids_opened',
  'opening_started',
  'candidates_published',
  'objection_filed',
  'objection_answered',
  'award_result',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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
