import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { purgeBootstrap } from './vite-purge-bootstrap';
import { contractAlias } from './vite-aliases';
import { classicScripts } from './vite-classic-scripts';
import { jsBudget } from './vite-js-budget';
import { precompress } from './vite-precompress';

/**
 * What Recent Albums needs besides the entry: one chunk, named for its page, rather than a file
 * per shared module (each file is one more request on a phone).
 */
const RECENT_ALBUMS_MODULES = [
  'features/albums/components/recent-albums-page',
  'features/albums/components/album-list',
  'features/albums/components/album-card',
  'features/albums/api/get-albums',
  'features/albums/api/album-keys',
  'shared/components/error-state',
  'shared/components/load-more',
  'shared/components/empty-state',
  'shared/lib/image-url',
  'shared/lib/card-image',
];
const inRecentAlbums = (id: string) => {
  const path = id.split('\\').join('/');
  return (
    RECENT_ALBUMS_MODULES.some(
      (module) => path.endsWith(`/src/${module}.tsx`) || path.endsWith(`/src/${module}.ts`),
    ) || /\/@tanstack\/.*infiniteQuery/i.test(path)
  );
};

/**
 * React Router's package exports name only its development build, whose route warnings run in
 * every render; the production build beside it differs only by turning them off.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Scripts of index.html's head that run before the app's code has loaded.
    classicScripts({
      scripts: [{ fileName: 'albums-preload.js', entry: 'src/preload/albums-preload.main.ts' }],
      alias: [contractAlias],
    }),
    precompress(),
    // The first page after sign-in: its JavaScript, compressed as sent (decision 0032).
    jsBudget({
      page: 'Recent Albums (/albums/recent)',
      routeModule: 'src/features/albums/components/recent-albums-page.tsx',
      maxBrotliBytes: 100 * 1024,
    }),
  ],
  resolve: {
    alias: [contractAlias, ...(command === 'build' ? [reactRouterProduction] : [])],
  },
  // Built stylesheets only: the dev server would keep the purged file while classes are added.
  css:
    command === 'build'
      ? { postcss: { plugins: [purgeBootstrap(fileURLToPath(new URL('.', import.meta.url)))] } }
      : {},
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/identity': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports, in the entry's one file.
            { name: 'index', tags: ['$initial'] },
            { name: 'recent-albums-page', test: inRecentAlbums },
          ],
        },
      },
    },
  },
}));
