// npm test: type-check, lint, then every test: unit and server integration (Vitest, SQLite and
// PostgreSQL), and end to end in Chromium (Playwright). Ends with one line counting the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-test-reports-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let ok = true;
ok = step('Type-check', bin('tsc'), ['-b']) && ok;
ok = step('Lint', bin('eslint'), ['--max-warnings', '0', '.']) && ok;

const vitestReport = path.join(reports, 'vitest.json');
ok =
  step('Unit and server integration tests (Vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]) && ok;

const playwrightReport = path.join(reports, 'playwright.json');
ok =
  step('Build for the end-to-end tests', 'npm', ['run', 'build', '--silent']) &&
  step('End-to-end tests in Chromium (Playwright)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  }) &&
  ok;

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
fs.rmSync(reports, { recursive: true, force: true });
if (passed === 0) ok = false;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok && failed === 0 ? 0 : 1);
