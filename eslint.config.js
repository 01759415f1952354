import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const webSrc = `${import.meta.dirname}/apps/web/src`;
const webFeatures = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webShared = ['./components', './hooks', './lib', './stores', './test'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports run one way, as bulletproof-react's do: shared → features → layout → app.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads (for no-cycle) only the files these extensions and parsers name.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/contracts/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            // A feature takes what another one has through components/, hooks/ or a prop; app/ composes them.
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message:
                'a feature does not import another: share it through components/ or hooks/, or let app/ compose',
            })),
            {
              target: ['./features', './layout', ...webShared],
              from: './app',
              message: 'only app/ assembles: pass what is needed down as a prop',
            },
            {
              target: ['./features', ...webShared],
              from: './layout',
              message:
                'layout/ is the shell app/ mounts: move what others need to components/ or hooks/',
            },
            {
              target: ['./layout', ...webShared],
              from: './features',
              message: 'shared code does not know the features: move it to components/ or hooks/',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's floors, bottom up: lib/ and db/, plugins/, modules/, then seed/, cli/ and the
    // app that drive them. A floor never imports one above it (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: `${import.meta.dirname}/apps/server/src`,
          zones: [
            {
              target: ['./lib', './db'],
              from: ['./plugins', './modules', './seed', './cli', './app.ts', './main.ts'],
              message: 'lib/ and db/ are the ground floor: they know no plugin, module or seed',
            },
            {
              target: './plugins',
              from: ['./modules', './seed', './cli', './app.ts', './main.ts'],
              message: 'plugins/ serve every module and know none: move the rule into a module',
            },
            {
              target: './modules',
              from: ['./seed', './cli', './app.ts', './main.ts'],
              message: 'modules/ do not know who drives them: seed/ and cli/ call the services',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', 'bench/**', 'e2e/**', '**/cli/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read reply bodies of many shapes; the assertions are what check them.
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
