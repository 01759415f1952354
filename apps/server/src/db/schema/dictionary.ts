import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const dictTypes = pgTable('dict_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  /** Types the business code reads (tender_category …): they cannot be deleted. */
  builtIn: boolean('built_in').notNull().default(false),
});

export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    typeCode: text('type_code')
      .notNull()
      .references(() => dictTypes.code, { onUpdate: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    tagColor: text('tag_color'),
  },
  (t) => [uniqueIndex('dict_items_type_value_idx').on(t.typeCode, t.value)],
);
