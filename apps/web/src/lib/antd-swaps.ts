/**
 * Ant Design imports that the build points at modules of ours (vite.config.ts, plugin
 * `antd-imports-alone`): each cost a manager's or a visitor's first screen script it never runs.
 * `importer` is the Ant Design file (under antd/es/), `source` the import as written there,
 * `module` the file in src/lib/ that it gets instead. `antd-swaps.test.ts` fails when Ant Design
 * no longer writes one of these imports (an upgrade moved a module) or our module lacks a name
 * the importer takes from it.
 */
export const ANTD_SWAPS = [
  {
    // `isBright` for the text over a preset colour; the presets module also imports Collapse
    // and the colour picker's components (≈ 2 KB gzip on every page with a Button).
    importer: 'button/style/token.js',
    source: '../../color-picker/components/ColorPresets',
    module: 'antd-is-bright.ts',
  },
  {
    // The same `isBright`, for a Tag's preset colours: with it Collapse and the picker's
    // components came back to every screen with a Tag.
    importer: 'tag/style/index.js',
    source: '../../color-picker/components/ColorPresets',
    module: 'antd-is-bright.ts',
  },
  {
    // `tooltip={{ unique: true }}`, which the app never sets (≈ 7 KB gzip of popup trigger).
    importer: 'config-provider/index.js',
    source: '../tooltip/UniqueProvider',
    module: 'antd-tooltip-unique.tsx',
  },
  {
    // A column's filter menu (Tree, Checkbox, Radio, Menu, Dropdown, Empty, its search box):
    // loaded when a table first draws a column with `filters` or `filterDropdown`.
    importer: 'table/hooks/useFilter/index.js',
    source: './FilterDropdown',
    module: 'antd-table-filter-dropdown.tsx',
  },
  {
    // The selection column's check boxes, radios and selection menu: loaded when a table first
    // draws a `rowSelection`.
    importer: 'table/hooks/useSelection.js',
    source: '../../checkbox',
    module: 'antd-lazy-checkbox.tsx',
  },
  {
    importer: 'table/hooks/useSelection.js',
    source: '../../radio',
    module: 'antd-lazy-radio.tsx',
  },
  {
    importer: 'table/hooks/useSelection.js',
    source: '../../dropdown',
    module: 'antd-lazy-dropdown.tsx',
  },
  {
    // Card's tab list (\`tabList\`) and its loading placeholder (\`loading\`): loaded when a card
    // first draws one; the list screens' cards have neither.
    importer: 'card/Card.js',
    source: '../tabs',
    module: 'antd-lazy-tabs.tsx',
  },
  {
    importer: 'card/Card.js',
    source: '../skeleton',
    module: 'antd-lazy-skeleton.tsx',
  },
] as const;
