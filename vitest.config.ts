import os from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/vite-aliases.js';
import { postgresAvailability } from './apps/server/src/test/postgres.js';

const pg = await postgresAvailability();
if (!pg.available) {
  if (process.env.CI) {
    // In CI PostgreSQL is required: the suite runs and fails rather than silently skipping.
    console.error(`PostgreSQL is required in CI but does not answer: ${pg.reason}`);
  } else {
    console.warn(`Skipping the PostgreSQL server suite: ${pg.reason}`);
  }
}

const serverProject = (database: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${database}`,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * The web tests resolve packages as the browser build does (ES modules, browser fields): under
 * Node's conditions some libraries load their CommonJS builds, which require React itself rather
 * than the Preact the app is rendered with (decision 0038).
 */
const browserResolution = (): Plugin => ({
  name: 'photo:browser-resolution',
  configEnvironment(_name, config) {
    config.resolve ??= {};
    config.resolve.conditions = ['module', 'browser', 'development'];
    config.resolve.mainFields = ['browser', 'module', 'main'];
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Most server
    // files wait on PostgreSQL, child processes and sockets, so two files at a time keep both cores
    // busy (a 2-core run: 376 s against 596 s, the same tests passing).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The web build's own plugins: Node code, run in Node.
        test: {
          name: 'web-build',
          root: 'apps/web',
          include: ['vite-*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('sqlite'),
      ...(pg.available || process.env.CI ? [serverProject('postgres')] : []),
      {
        plugins: [react(), browserResolution()],
        resolve: { alias: preactAliases },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Libraries are bundled with the tests, so their imports of React resolve to Preact too.
          server: { deps: { inline: true } },
          // A screen's first visit in a file loads its code-split chunk, and sign-in tests type
          // whole forms: on a busy 2-core machine that alone passes Vitest's default of 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
