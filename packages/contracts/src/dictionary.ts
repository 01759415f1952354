import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, optionalText, requiredText } from './fields.js';

export const dictType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  itemCount: z.number(),
});
export type DictType = z.infer<typeof dictType>;

export const dictItem = z.object({
  id: z.number(),
  typeCode: z.string(),
  label: z.string(),
  value: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  tagColor: z.string().nullable(),
});
export type DictItem = z.infer<typeof dictItem>;

const typeCode = z
  .string({ error: '字典类型编码不能为空' })
  .trim()
  .min(1, '字典类型编码不能为空')
  .max(50, '字典类型编码最多 50 个字符')
  .regex(/^[a-z][a-z0-9_]*$/, '字典类型编码只能包含小写字母、数字和下划线，并以字母开头');

export const listDictType = defineRoute({
  method: 'GET',
  path: '/api/admin/dictionary-management/list-dict-type',
  summary: '字典类型分页列表',
  tag: '数据字典',
  query: z.object({ ...pageQuery, keyword: z.string().trim().max(50).optional() }),
  data: pageOf(dictType),
});
export const insertDictTypeSchema = z.object({
  code: typeCode,
  name: requiredText('name', '类型名称', 50),
  description: optionalText('描述', 200).nullable(),
});
export const insertDictType = defineRoute({
  method: 'POST',
  path: '/api/admin/dictionary-management/insert-dict-type',
  summary: '新增字典类型',
  tag: '数据字典',
  body: insertDictTypeSchema,
  data: z.object({ id: z.number() }),
});
export const updateDictTypeSchema = insertDictTypeSchema.partial().extend({ id: id('id') });
export const updateDictType = defineRoute({
  method: 'POST',
  path: '/api/admin/dictionary-management/update-dict-type',
  summary: '修改字典类型',
  tag: '数据字典',
  body: updateDictTypeSchema,
  data: z.null(),
});
export const deleteDictType = defineRoute({
  method: 'GET',
  path: '/api/admin/dictionary-management/delete-dict-type',
  summary: '删除字典类型（仍有字典项或被业务使用时拒绝）',
  tag: '数据字典',
  query: z.object({ id: id('id') }),
  data: z.null(),
});

export const listDictItem = defineRoute({
  method: 'GET',
  path: '/api/admin/dictionary-management/list-dict-item',
  summary: '某类型的全部字典项（含停用）',
  tag: '数据字典',
  query: z.object({ typeCode }),
  data: z.array(dictItem),
});
const dictItemFields = {
  label: requiredText('label', '标签', 50),
  value: z
    .string({ error: '值不能为空' })
    .trim()
    .min(1, '值不能为空')
    .max(50, '值最多 50 个字符')
    .regex(/^[A-Za-z0-9_.:-]+$/, '值只能包含字母、数字和 _ . : -'),
  sort: z.coerce
    .number({ error: '排序必须是数字' })
    .int('排序必须是整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序最大为 9999'),
  enabled: z.boolean({ error: '启用必须是 true 或 false' }),
  tagColor: optionalText('标签颜色', 20).nullable(),
};
export const insertDictItemSchema = z.object({
  typeCode,
  ...dictItemFields,
  sort: dictItemFields.sort.default(0),
  enabled: dictItemFields.enabled.default(true),
});
export const insertDictItem = defineRoute({
  method: 'POST',
  path: '/api/admin/dictionary-management/insert-dict-item',
  summary: '新增字典项',
  tag: '数据字典',
  body: insertDictItemSchema,
  data: z.object({ id: z.number() }),
});
// Built from the fields without defaults: a missing field means "unchanged", never the default.
export const updateDictItemSchema = z
  .object(dictItemFields)
  .partial()
  .extend({ id: id('id') });
export const updateDictItem = defineRoute({
  method: 'POST',
  path: '/api/admin/dictionary-management/update-dict-item',
  summary: '修改字典项',
  tag: '数据字典',
  body: updateDictItemSchema,
  data: z.null(),
});
export const deleteDictItem = defineRoute({
  method: 'GET',
  path: '/api/admin/dictionary-management/delete-dict-item',
  summary: '删除字典项',
  tag: '数据字典',
  query: z.object({ id: id('id') }),
  data: z.null(),
});
