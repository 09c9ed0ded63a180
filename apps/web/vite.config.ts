import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import { purgeBootstrap } from './vite-purge-bootstrap.ts';
import { contractAlias } from './vite-aliases.ts';
import { classicScripts } from './vite-classic-scripts.ts';
import { jsBudget } from './vite-js-budget.ts';
import { compiledMessages } from './vite-messages.ts';
import { precompress } from './vite-precompress.ts';
import { routePreloads } from './vite-route-preloads.ts';
import { topBarPlaceholder } from './vite-top-bar.ts';

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
 * What an album's page needs besides the entry and Recent Albums' chunk, in one chunk too: its
 * photo grid and the small modules and libraries it shares with other pages. Without the group,
 * the page came in ten files of a few hundred bytes to 50 KB, most waiting for one of a browser’s
 * six connections to the server. What an album's page opens later (the viewer, the Share dialog,
 * renaming) stays out, loaded when first opened.
 */
const ALBUM_PAGE_MODULES = [
  'app/routes/album-route',
  'app/viewer/viewer-parts-lazy',
  'app/sharing/share-dialog-lazy',
  'features/albums/components/album-details-page',
  'features/albums/components/album-download-button',
  'features/albums/components/album-icons',
  'features/albums/components/album-visibility',
  'features/albums/components/photo-card',
  'features/albums/components/photo-grid',
  'features/albums/api/delete-album',
  'features/albums/api/delete-photo',
  'features/albums/api/get-album',
  'features/albums/api/get-album-photos',
  'features/albums/api/leave-album',
  'features/viewer/hooks/use-photo-viewer',
  'features/viewer/lib/photo-param',
  'features/photos/api/photo-keys',
  'shared/api/download',
  'shared/api/rotate-photo',
  'shared/components/confirm-dialog',
  'shared/components/heart-icon',
  'shared/lib/grid-tiles',
  'shared/lib/use-opened-once',
  'shared/lib/use-place',
  // Selecting photos, which Photos shares (the selection bar itself loads when first needed).
  'app/selection/selection-bar-lazy',
  'features/timeline/api/timeline-keys',
  'shared/selection/selectable-tile',
  'shared/selection/selection-notice',
  'shared/selection/selection-state',
  'shared/selection/use-selection',
  'shared/ui/bottom-notice',
];
const ALBUM_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](?:react-photo-album|@tanstack[\\/](?:react-virtual|virtual-core))[\\/]/;

/**
 * Small pieces most pages use (React-Bootstrap's Button and theme, TanStack Query's mutations),
 * in one chunk of their own rather than one file each; not in the album page's, which the sign-in
 * page would then load.
 */
const SHARED_UI =
  /[\\/]node_modules[\\/](?:classnames|react-bootstrap[\\/]esm[\\/](?:Button|ThemeProvider)\.js|@restart[\\/]ui[\\/]esm[\\/]Button\.js|@tanstack[\\/](?:query-core|react-query)[\\/].*(?:useMutation|mutationObserver)\.js)/;

const inAlbumPage = (id: string) => {
  const path = id.split('\\').join('/');
  return (
    ALBUM_PAGE_MODULES.some(
      (module) => path.endsWith(`/src/${module}.tsx`) || path.endsWith(`/src/${module}.ts`),
    ) || ALBUM_PAGE_LIBRARIES.test(id)
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

/** Catalogs arrive compiled (vite-messages.ts): the browser needs no ICU parser. */
const formatjsWithoutParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};

/** The languages the app speaks: a catalog chunk each. */
const LOCALES = ['en', 'de', 'fr', 'es'];

/** One chunk per language, holding all of its catalogs, fetched when that language is chosen. */
const messageChunks = LOCALES.map((locale) => ({
  name: `messages-${locale}`,
  test: new RegExp(`/src/i18n/(?:messages/${locale}/|catalog-${locale}\\.ts)`),
}));

/** What only the browser's build does. */
function browserBuildPlugins() {
  return [
    // The top bar, drawn into index.html for the page to show before the app's code has loaded.
    topBarPlaceholder(),
    // Scripts of index.html's head that run before the app's code has loaded.
    classicScripts({
      scripts: [{ fileName: 'albums-preload.js', entry: 'src/preload/albums-preload.main.ts' }],
      alias: [contractAlias],
    }),
    // The files of the pages the early script knows, for it to start beside the app's code.
    routePreloads({
      script: 'albums-preload.js',
      routes: {
        album: 'src/app/routes/album-route.tsx',
        recent: 'src/features/albums/components/recent-albums-page.tsx',
      },
      serverPages: {
        fileName: 'server-pages.json',
        routes: {
          album: 'src/app/routes/album-route.tsx',
          recent: 'src/features/albums/components/recent-albums-page.tsx',
          shared: 'src/app/routes/shared-album-route.tsx',
          timeline: 'src/app/routes/timeline-route.tsx',
          // The language the page is drawn in: hydrating waits for its catalog.
          ...Object.fromEntries(
            LOCALES.map((locale) => [`messages-${locale}`, `src/i18n/catalog-${locale}.ts`]),
          ),
          // What a signed-in person's top bar loads as it hydrates: the bell, its live stream and
          // the account menu's panel (apart from the first page's code, decision 0100).
          bell: 'src/features/activity/components/activity-bell.tsx',
          'activity-live': 'src/features/activity/api/activity-live.ts',
          'account-menu': 'src/app/layout/account-menu-panel.tsx',
        },
      },
    }),
    precompress(),
    // The first page after sign-in: its JavaScript, compressed as sent (decisions 0032, 0085, 0108).
    jsBudget({
      page: 'Recent Albums (/albums/recent)',
      routeModule: 'src/features/albums/components/recent-albums-page.tsx',
      maxBrotliBytes: 101.25 * 1024,
    }),
  ];
}

/** The browser's build: its chunks, as the first pages need them. */
const browserBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  sourcemap: true,
  modulePreload: {
    // Memories come after Recent Albums is shown (decision 0108): their import in the first page's
    // code names only their stylesheet, which nothing else would load; their JavaScript is what the
    // import itself fetches, with the modules it imports. Every name in that list is first-page code.
    resolveDependencies: (file, deps) =>
      /memories-row-[\w-]+\.js$/.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
  },
  rolldownOptions: {
    output: {
      // Seven characters of hash (42 bits, the fewest rolldown takes) tell one build's file from
      // another's. The first page's code names over a hundred files: an eighth character of each
      // cost it 83 bytes of brotli (decision 0130).
      entryFileNames: 'assets/[name]-[hash:7].js',
      chunkFileNames: 'assets/[name]-[hash:7].js',
      assetFileNames: 'assets/[name]-[hash:7][extname]',
      codeSplitting: {
        groups: [
          // Everything the entry imports, in the entry's one file.
          { name: 'index', tags: ['$initial'] },
          ...messageChunks,
          { name: 'recent-albums-page', test: inRecentAlbums },
          { name: 'shared-ui', test: SHARED_UI, includeDependenciesRecursively: false },
          { name: 'album-page', test: inAlbumPage, includeDependenciesRecursively: false },
        ],
      },
    },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    compiledMessages(),
    // The server's entry (entry-server.tsx, decision 0100) is built after the browser's, into
    // dist/server: the page's head scripts, its preloads, compression and budget are the browser's.
    ...(isSsrBuild ? [] : browserBuildPlugins()),
  ],
  resolve: {
    alias: [
      contractAlias,
      ...(command === 'build' ? [reactRouterProduction, formatjsWithoutParser] : []),
    ],
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
  // The server's entry holds every package it uses (React's production build among them): the
  // server loads one folder, whatever node_modules holds.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : browserBuild,
}));
