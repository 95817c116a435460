import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { seamsPlugin } from './scripts/eslint/seams.mjs';

/**
 * Layers that lint checks (STYLE.md 1, 2): in the web app imports flow app → features → shared,
 * and no feature imports another; on the server, the HTTP and database plumbing does not reach
 * into the domain modules. Test helpers (src/test) render the whole app, so they sit outside.
 */
const web = 'apps/web/src';
const shared = ['components', 'lib', 'hooks', 'config'].map((dir) => `${web}/${dir}`);
// Read at lint time, so a new feature folder is covered without touching this file.
const features = fs
  .readdirSync(path.join(import.meta.dirname, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  {
    target: shared,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components, lib, hooks, config) imports neither features nor the app.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app; it composes them.' },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in src/app, or move the piece to shared code.',
  })),
  {
    // The reactions and comments feature is used by pages for posts and tasks alike: through its
    // public entry (features/engagement/index.ts), never by reaching into its files.
    target: [`${web}/app`],
    from: [`${web}/features/engagement/api`, `${web}/features/engagement/components`],
    message: 'Use the reactions and comments feature through features/engagement (its index).',
  },
  {
    target: ['apps/server/src/http', 'apps/server/src/db'],
    from: 'apps/server/src/modules',
    message: 'HTTP and database plumbing does not import the domain modules.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tsbuild/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify handlers and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`, 'apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The web imports TypeScript files without an extension, the server with the `.js` of its
      // build output; both resolve to the `.ts` source. An import that does not resolve would
      // be passed over silently by the rule below.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    // The server's seam rule (ADR 0039): who writes which table, and through which executor.
    files: ['apps/server/src/**/*.ts'],
    plugins: { rally: seamsPlugin(path.join(import.meta.dirname, 'apps/server/src/db/table-owners.json')) },
    rules: {
      'rally/table-owner': 'error',
      'rally/repository-opens-no-transaction': 'error',
      'rally/write-through-executor': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/src/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // This file is plain JavaScript in no TypeScript project: lint it without type information.
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
