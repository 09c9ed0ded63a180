import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
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
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
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
        plugins: [react()],
        resolve: {
          // tus-js-client names its browser build in package.json's "browser" field, which
          // Vitest does not read: the app gets the build a browser gets (XMLHttpRequest, File).
          alias: { 'tus-js-client': 'tus-js-client/lib.esm/browser/index.js' },
        },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A screen's first visit in a file loads its code-split chunk, and sign-in tests type
          // whole forms: on a busy 2-core machine that alone passes Vitest's default of 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
