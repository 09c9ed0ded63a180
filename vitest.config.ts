import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
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

// Server test files named *.unit.test.ts use no test database: they run once (server-unit).
// Every other server test file runs on each engine (server-sqlite, server-postgres). Each
// project's setup file fails a file on the wrong side (decision 0076).
const SERVER_UNIT_TESTS = 'apps/server/src/**/*.unit.test.ts';

const serverUnitProject = {
  extends: true as const,
  test: {
    name: 'server-unit',
    include: [SERVER_UNIT_TESTS],
    environment: 'node',
    setupFiles: ['apps/server/src/test/unit-setup.ts'],
    env: { ML_ENABLED: 'false' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

const serverProject = (database: 'sqlite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `server-${database}`,
    include: ['apps/server/src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, SERVER_UNIT_TESTS],
    environment: 'node',
    // Server processes the tests start (crash-harness.ts, server-process.ts) inherit this
    // environment: they look for faces only where a test asks (ML_ENABLED=true), as the
    // in-process apps do (test/harness.ts). Loading the model costs seconds of CPU at each start.
    env: { TEST_DATABASE: database, ML_ENABLED: 'false' },
    setupFiles: ['apps/server/src/test/engine-setup.ts'],
    // A worker imports the server's modules once for all the files it runs, not once a file:
    // importing them was most of a file's time. Each file still makes its own app, database and
    // queue (test/harness.ts), and nothing in them is kept in a module (decision 0094).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Server files
    // wait on PostgreSQL, child processes, sockets and timers (a key cache's 30 s, a queue's
    // retries, servers killed and started again), so two files more than the cores keep them
    // busy: on 2 cores, 2 workers took 470 s, 3 took 384 s and 4 took 336 s, the same tests
    // passing (decisions 0113, 0116).
    maxWorkers: os.availableParallelism() + 2,
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
      serverUnitProject,
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
          // A worker makes one jsdom and imports the app's modules once for all the files it runs,
          // not once a file: those were three quarters of the project's time (500 s against 133 s
          // on 2 cores). setup.ts cleans what a file leaves behind (the DOM, storage, cookies,
          // handlers, the language); module state of the app's own is a page's, as in a browser
          // (decision 0110).
          isolate: false,
          // A screen's first visit in a file loads its code-split chunk, and sign-in tests type
          // whole forms: on a busy 2-core machine that alone passes Vitest's default of 5 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
