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
  admin: ['files', 'identity', 'photos', 'sharing', 'trash', 'users'],
  albums: ['activity', 'files'],
  comments: ['activity', 'likes', 'photos'],
  digests: ['activity'],
  downloads: ['albums', 'photos', 'users'],
  likes: ['activity', 'photos'],
  'link-previews': ['files', 'sharing'],
  locked: ['activity', 'albums', 'files', 'photos', 'trash', 'users'],
  pages: ['identity'],
  photos: ['activity', 'albums', 'files'],
  sharing: ['activity', 'albums', 'downloads', 'files', 'photos', 'users'],
  marks: ['photos'],
  memories: ['timeline'],
  people: ['admin', 'files', 'photos'],
  places: ['timeline'],
  timeline: ['albums', 'people'],
  trash: ['activity', 'albums', 'comments', 'files', 'likes', 'photos', 'sharing'],
  uploads: ['files'],
  users: ['albums', 'comments', 'files', 'identity', 'likes', 'photos'],
};

/**
 * Inside a server module, which of its folders may import which: the graph is one-way there too.
 * A module with folders is a key; each folder lists the sibling folders it may import, and '.' for
 * the module's top-level files. A folder not listed imports none of the others. Where a module's
 * top level is a core its folders build on (identity), serverSubmoduleCompositionPoints names the
 * top-level files that wire the folders in, and the rest of the top level imports no folder; where
 * it is the module's face (files: its routes, service and plugins), it may import every folder.
 */
const serverSubmoduleImports = {
  files: {
    store: [],
    media: [],
    receive: ['media'],
    heif: ['media', 'receive'],
    video: ['media', 'receive', 'store'],
    derive: ['media', 'store', 'video'],
    serve: ['media', 'store'],
  },
  identity: {
    passkeys: ['.'],
    'second-factor': ['.'],
    sso: ['.'],
    throttle: ['.'],
  },
};

/** The top-level files of a module that wire its folders in, where its top level is a core. */
const serverSubmoduleCompositionPoints = {
  // The routes of every part, and the service (password sign-in through the throttle and the
  // second factor, accounts:lookup with the enrolled factors).
  identity: ['identity.routes.ts', 'identity.service.ts'],
};

/** The zones of serverSubmoduleImports and serverSubmoduleCompositionPoints. */
function submoduleZones(src) {
  return Object.entries(serverSubmoduleImports).flatMap(([module, graph]) => {
    const root = `${src}/modules/${module}`;
    const entries = fs.readdirSync(new URL(`${root}/`, import.meta.url), { withFileTypes: true });
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const topLevel = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    const compositionPoints = serverSubmoduleCompositionPoints[module];
    for (const name of [...Object.keys(graph), ...Object.values(graph).flat()]) {
      if (name !== '.' && !folders.includes(name))
        throw new Error(`eslint.config.js: no folder ${root}/${name}`);
    }
    const zones = folders.map((folder) => {
      const allowed = graph[folder] ?? [];
      const core = allowed.includes('.')
        ? topLevel.filter((name) => !(compositionPoints ?? []).includes(name))
        : [];
      return {
        target: `${root}/${folder}`,
        from: root,
        except: [
          `./${folder}`,
          ...allowed.filter((other) => other !== '.').map((other) => `./${other}`),
          ...core.map((name) => `./${name}`),
        ],
        message: `${module}/${folder} imports only what serverSubmoduleImports names.`,
      };
    });
    if (compositionPoints) {
      zones.push({
        target: topLevel
          .filter((name) => !compositionPoints.includes(name))
          .map((name) => `${root}/${name}`),
        from: folders.map((folder) => `${root}/${folder}`),
        message: `The core of ${module} imports no folder of it; ${compositionPoints.join(' and ')} wire them in.`,
      });
    }
    return zones;
  });
}

/**
 * The server's layers and what each may import (besides itself): lib (plain helpers) imports
 * nothing of the app, and db only lib/access.ts; infra (connections, queues, mail, keys) and
 * storage only lib; http and plugins know no module; modules know no plugin and, among themselves,
 * only what serverModuleImports says, and inside a module, its folders only what
 * serverSubmoduleImports says. app.ts, deps.ts, main.ts and config.ts put it all together. Tests
 * may also import src/test.
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
    // db/query-plans.test.ts checks the plans of the modules' list queries. The read models
    // (db/read-models) apply the access rules' SQL forms.
    layer('db', ['./lib/access.ts', ...(tests ? ['./modules'] : [])]),
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
    // A module's tests exercise it as a whole: only its code keeps to its folders' graph.
    ...(tests ? [] : submoduleZones(src)),
  ];
}

const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which web feature may import which, as the server's modules do (decision 0078): a one-way graph.
 * A feature not listed here imports no other feature; what joins two features otherwise (a page
 * given another feature's dialog or viewer parts) is put together in src/app.
 */
const webFeatureImports = {
  account: ['auth'],
  albums: ['activity', 'marks', 'memories', 'viewer'],
  locked: ['account', 'auth', 'selection'],
  memories: ['marks'],
  pages: [],
  people: [],
  places: ['marks'],
  search: ['marks'],
  timeline: ['marks'],
  sharing: ['albums', 'viewer'],
  trash: ['selection'],
  uploads: ['albums'],
};

/** The map names features that exist, and no feature reaches itself through it. */
function checkOneWay(graph, names) {
  const reaches = (from, to, seen = new Set()) =>
    (graph[from] ?? []).some(
      (next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)),
    );
  for (const [feature, allowed] of Object.entries(graph)) {
    for (const name of [feature, ...allowed]) {
      if (!names.includes(name)) throw new Error(`webFeatureImports: no feature ${name}`);
    }
    if (reaches(feature, feature)) throw new Error(`webFeatureImports: ${feature} is in a cycle`);
  }
}
checkOneWay(webFeatureImports, webFeatures);

/** Imports flow shared -> features -> app; among features, only what webFeatureImports says. */
const webZones = [
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  { target: './apps/web/src/shared', from: './apps/web/src/features' },
  { target: './apps/web/src/shared', from: './apps/web/src/app' },
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`, ...(webFeatureImports[feature] ?? []).map((other) => `./${other}`)],
  })),
];

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
      'import/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    // A web function (a component, a hook) fits on a screen or two; tests are left out.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.*', 'apps/web/src/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
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
    // No function over 150 lines in the server, the packages and the tools: a longer one is split
    // by job (tests, and the migrations, which are frozen, are not held to it).
    files: ['apps/server/src/**/*.ts', 'packages/**/*.ts', 'scripts/**/*.mjs', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
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
