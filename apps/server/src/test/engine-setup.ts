// The setup of the server-sqlite and server-postgres projects: every server test file not named
// *.unit.test.ts, run once on each engine (decision 0076). A file that never uses the test
// database nor reads TEST_DATABASE would run twice for nothing: it fails, asking for the name.
import fs from 'node:fs';
import { afterAll, expect } from 'vitest';
import { readsTestDatabase, testDatabaseUse, testFileName } from './test-database.js';

// Each test file starts afresh, even in a worker that ran a file of another project before.
const use = testDatabaseUse();
use.used = false;
delete use.forbidden;

afterAll(() => {
  const { testPath } = expect.getState();
  if (testDatabaseUse().used || !testPath) return;
  if (readsTestDatabase(fs.readFileSync(testPath, 'utf8'))) return;
  const name = testFileName(testPath);
  throw new Error(
    `${name} never uses the test database (createTestContext, useTestContext, createTestPostgresDatabase) nor reads TEST_DATABASE: name it ${name.replace(/\.test\.ts$/, '.unit.test.ts')}, so that it runs once, in the server-unit project (decision 0076)`,
  );
});
