// The setup of the server-unit project: files named *.unit.test.ts, run once, without the test
// database (decision 0076). Using it, or reading which engine it is, fails the file.
import fs from 'node:fs';
import { beforeAll, expect } from 'vitest';
import { readsTestDatabase, testDatabaseUse, testFileName } from './test-database.js';

const RENAME =
  'a file named *.unit.test.ts runs once, without a test database; a test that needs one is named *.test.ts, and runs on SQLite and on PostgreSQL (decision 0076)';

// Each test file starts afresh, even in a worker that ran a file of another project before.
const use = testDatabaseUse();
use.used = false;
use.forbidden = RENAME;

beforeAll(() => {
  const { testPath } = expect.getState();
  if (testPath && readsTestDatabase(fs.readFileSync(testPath, 'utf8'))) {
    throw new Error(`${testFileName(testPath)} reads TEST_DATABASE: ${RENAME}`);
  }
});
