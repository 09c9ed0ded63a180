import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * FormatJS's no-literal-string-in-jsx, except for separators: a string with no letter or digit
 * (`{' '}`, which Prettier writes itself at a line break, `' · '`, `' — '`) is not a text to translate.
 */
const literalStrings = formatjs.rules['no-literal-string-in-jsx'];
const textsInJsx = {
  meta: literalStrings.meta,
  create(context) {
    const report = (descriptor) => {
      const { node } = descriptor;
      const text =
        node.type === 'Literal' || node.type === 'JSXText'
          ? String(node.value)
          : node.type === 'TemplateLiteral'
            ? node.quasis.map((quasi) => quasi.value.cooked).join('')
            : null;
      if (text !== null && !/[\p{L}\p{N}]/u.test(text)) return;
      context.report(descriptor);
    };
    return literalStrings.create(Object.create(context, { report: { value: report } }));
  },
};

/**
 * Which server module may import which: the module map is a one-way graph. A module not listed
 * here imports no other module.
 */
const serverModuleImports = {
  activity: [],
  admin: ['identity', 'sharing', 'users'],
  albums: ['files'],
  comments: ['activity', 'likes', 'photos'],
  digests: [],
  downloads: ['albums', 'photos', 'users'],
  likes: ['activity', 'photos'],
  'link-previews': ['files', 'sharing'],
  photos: ['activity', 'albums', 'files'],
  sharing: ['activity', 'albums', 'downloads', 'files', 'photos', 'users'],
  timeline: ['albums'],
  uploads: ['files'],
  users: ['albums', 'files', 'identity', 'photos'],
};

/**
 * The server's layers and what each may import (besides itself): lib (plain helpers) and db import
 * nothing of the app; infra (connections, queues, mail, keys) and storage only lib; http and
 * plugins know no module; modules know no plugin and, among themselves, only what
 * serverModuleImports says. app.ts, deps.ts, main.ts and config.ts put it all together. Tests may
 * also import src/test.
 */
function serverZones({ tests }) {
  const src = './apps/server/src';
  const layer = (dir, allowed) => ({
    target: `${src}/${dir}`,
    from: src,
    except: [`./${dir}`, ...allowed, ...(tests ? ['./test'] : [])],
  });
  return [
    layer('lib', []),
    layer('infra', ['./lib']),
    // db/query-plans.test.ts checks the plans of the modules' list queries.
    layer('db', tests ? ['./modules'] : []),
    layer('storage', ['./lib']),
    layer('http', ['./lib', './config.ts']),
    layer('plugins', ['./lib', './infra', './http']),
    layer('modules', [
      './lib',
      './infra',
      './http',
      './db',
      './storage',
      './deps.ts',
      './config.ts',
    ]),
    ...serverModules.map((module) => ({
      target: `${src}/modules/${module}`,
      from: `${src}/modules`,
      except: [
        `./${module}`,
        './routes-plugin.ts',
        ...(serverModuleImports[module] ?? []).map((other) => `./${other}`),
      ],
    })),
  ];
}

const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Fastify plugins and handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/build.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: './apps/web/tsconfig.json' } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No import cycles: scripts/import-cycles.mjs (npm run lint, npm test) checks them, in a
      // fraction of the time import/no-cycle took (decision 0076).
      // Imports flow shared -> features -> app; a feature does not import another feature.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/shared', from: './apps/web/src/features' },
            { target: './apps/web/src/shared', from: './apps/web/src/app' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  {
    // Every text a person sees goes through the message catalogs (decision 0069): a literal in
    // JSX (a text child, or an aria-label, title, placeholder, alt or label) is an error.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { texts: { rules: { 'no-literal-string-in-jsx': textsInJsx } } },
    rules: {
      'texts/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [['*', '{aria-label,title,placeholder,alt,label}']],
            // The viewer's IconButton takes a key of its `labels` map, which holds the texts.
            exclude: [['IconButton', 'label']],
          },
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import/resolver': { typescript: { project: './apps/server/tsconfig.json' } },
    },
    rules: {
      // Import cycles: scripts/import-cycles.mjs, as for the web app.
      'import/no-restricted-paths': ['error', { zones: serverZones({ tests: false }) }],
    },
  },
  {
    files: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*test-support.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'import/no-restricted-paths': ['error', { zones: serverZones({ tests: true }) }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // expect.any() and friends are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
