// Which server test files use the test database (decision 0076). A file named *.unit.test.ts runs
// once, in the server-unit project, and may not use it; every other server test file runs twice,
// on SQLite and on PostgreSQL (server-sqlite, server-postgres), and must use it or read
// TEST_DATABASE. The setup files of those projects (unit-setup.ts, engine-setup.ts) check it.

/** What a test file did with the test database, kept on globalThis (one per test file). */
interface TestDatabaseUse {
  /** Why this file may not use it: set in the server-unit project. */
  forbidden?: string;
  used: boolean;
}

const KEY = Symbol.for('photo.test-database-use');

export function testDatabaseUse(): TestDatabaseUse {
  const scope = globalThis as typeof globalThis & { [KEY]?: TestDatabaseUse };
  return (scope[KEY] ??= { used: false });
}

/** Notes that this test file uses the test database; throws in a file that runs without one. */
export function noteTestDatabaseUse(what: string): void {
  const use = testDatabaseUse();
  if (use.forbidden) throw new Error(`${what}: ${use.forbidden}`);
  use.used = true;
}

/** The name the test runner gives the file under test, relative to the server's sources. */
export function testFileName(testPath: string | undefined): string {
  return testPath?.replace(/^.*\/apps\/server\/src\//, '') ?? 'this test file';
}

/** Whether a test file's source reads which database engine it runs on. */
export function readsTestDatabase(source: string): boolean {
  return source.includes('TEST_DATABASE');
}
