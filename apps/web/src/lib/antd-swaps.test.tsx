import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import zhCN from 'antd/es/locale/zh_CN';
import { ANTD_SWAPS } from './antd-swaps';
import FilterDropdown, { flattenKeys } from './antd-table-filter-dropdown';
import LazyCheckbox from './antd-lazy-checkbox';

const antdEs = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
const ours = import.meta.glob('./antd-*.{ts,tsx}');

/** The names `file` takes from `source`: `default` for a default import. */
function importedNames(file: string, source: string): string[] | undefined {
  const escaped = source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = new RegExp(`import\\s+([^;]*?)\\s+from\\s+['"]${escaped}['"]`).exec(
    readFileSync(file, 'utf8'),
  );
  if (!found) return undefined;
  const clause = found[1]!;
  const names = /\{([^}]*)\}/
    .exec(clause)?.[1]
    ?.split(',')
    .map((n) => n.trim().split(/\s+as\s+/)[0]!);
  const hasDefault = /^[A-Za-z_$][\w$]*/.test(clause.replace(/^\{.*$/, ''));
  return [...(hasDefault ? ['default'] : []), ...(names ?? [])].filter(Boolean);
}

describe('the Ant Design imports the build replaces (vite.config.ts)', () => {
  it.each(ANTD_SWAPS.map((swap) => [`${swap.importer} ← ${swap.source}`, swap] as const))(
    '%s: Ant Design still imports it there, and ours exports what it takes',
    async (_, swap) => {
      const names = importedNames(join(antdEs, swap.importer), swap.source);
      // An upgrade moved or renamed it: the build would silently keep the real module.
      expect(names, `antd/es/${swap.importer} no longer imports '${swap.source}'`).toBeDefined();
      const load = ours[`./${swap.module}`];
      expect(load, `src/lib/${swap.module} is missing`).toBeDefined();
      const module = (await load!()) as Record<string, unknown>;
      for (const name of names!) expect(module[name], `${swap.module}: ${name}`).toBeDefined();
    },
  );
});

describe('the table filter stand-in', () => {
  const filters = [
    { text: '甲', value: 'a', children: [{ text: '甲一', value: 'a1' }] },
    { text: '乙', value: 2 },
  ];

  it("flattens keys as Ant Design's does", () => {
    expect(flattenKeys(filters)).toEqual(antdFlattenKeys(filters));
    expect(flattenKeys(undefined)).toEqual([]);
  });

  it("shows the column's title at once, then Ant Design's filter trigger", async () => {
    const { container } = render(
      <FilterDropdown
        tablePrefixCls="ant-table"
        prefixCls="ant-table-filter"
        dropdownPrefixCls="ant-dropdown"
        column={{ title: '状态', filters }}
        columnKey="status"
        filterOnClose
        filterMultiple
        triggerFilter={vi.fn()}
        locale={zhCN.Table!}
      >
        状态
      </FilterDropdown>,
    );
    expect(screen.getByText('状态')).toBeTruthy();
    await waitFor(() =>
      expect(container.querySelector('.ant-table-filter-trigger')).not.toBeNull(),
    );
    expect(
      container.querySelector('.ant-table-filter-column .ant-table-column-title'),
    ).not.toBeNull();
  });

  it("draws Ant Design's own control once loaded (the selection column's check box)", async () => {
    const { container } = render(<LazyCheckbox checked aria-label="选择" />);
    await waitFor(() => expect(container.querySelector('.ant-checkbox-checked')).not.toBeNull());
  });
});
