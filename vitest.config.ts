import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

/**
 * Files that take minutes: each starts server processes and works them hard (kill -9 in the
 * middle of a long deletion, backups of a full data folder, Live Photos' videos), or walks every
 * route as every kind of person.
 */
const LONG_FILES = [
  'apps/server/src/hardening/crash-trash.test.ts',
  'apps/server/src/hardening/crash-safety.test.ts',
  'apps/server/src/modules/photos/photos.live-photos.test.ts',
  'apps/server/src/backup/backup.test.ts',
  'apps/server/src/modules/sharing/access-matrix.test.ts',
  'apps/server/src/modules/photos/photos.bulk.test.ts',
  'apps/server/src/modules/files/video/video.test.ts',
];

/**
 * Vitest runs one project's files after another's, each project's unknown files in the order of
 * their size. A fresh clone knows no file's time: the long files then started wherever their size
 * put them, and the run ended on them, one core waiting. Here they start first in their project;
 * once Vitest has timed a file (its cache, on a second run), its own order stands.
 */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const timed = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`,
      ) !== undefined;
    if (sorted.some(timed)) return sorted;
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.indexOf(path.relative(this.ctx.config.root, file.moduleId));
      return at === -1 ? LONG_FILES.length : at;
    };
    // A stable sort: the projects keep their order, and within one the rest keep theirs.
    const projectAt = new Map<string, number>();
    for (const [i, file] of sorted.entries()) {
      if (!projectAt.has(file.project.name)) projectAt.set(file.project.name, i);
    }
    return sorted
      .map((file, i) => ({ file, i }))
      .sort(
        (a, b) =>
          (projectAt.get(a.file.project.name) ?? 0) - (projectAt.get(b.file.project.name) ?? 0) ||
          rank(a.file) - rank(b.file) ||
          a.i - b.i,
      )
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine. Most server
    // files wait on PostgreSQL, child processes and sockets, so two files at a time keep both cores
    // busy (a 2-core run: 376 s against 596 s, the same tests passing).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
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
