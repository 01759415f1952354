import { z } from 'zod';
import { defineRoute } from './route.js';

export const systemInfo = defineRoute({
  method: 'GET',
  path: '/api/public/system-info',
  summary: '系统标题与服务器时间（倒计时以服务器时钟为准）',
  tag: '公开',
  data: z.object({ title: z.string(), serverTime: z.string().optional() }),
});

export const dictOption = z.object({
  label: z.string(),
  value: z.string(),
  tagColor: z.string().nullable(),
});
export type DictOption = z.infer<typeof dictOption>;

export const listDictItemsPublic = defineRoute({
  method: 'GET',
  path: '/api/public/dictionary/list-items',
  summary: '某字典类型的启用项（供各表单下拉框使用）',
  tag: '公开',
  query: z.object({
    typeCode: z
      .string({ error: '字典类型编码不能为空' })
      .trim()
      .min(1, '字典类型编码不能为空')
      .max(50, '字典类型编码最多 50 个字符'),
  }),
  data: z.array(dictOption),
});
