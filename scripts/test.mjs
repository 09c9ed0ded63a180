// npm test: install what is missing (as npm start does), type-check, check formatting, lint, check
// the docs (scripts/check-docs.mjs), then every test: unit and server integration (Vitest, SQLite and PostgreSQL), and end to end in
// Chromium (Playwright).
// Ends with one line counting the tests; a step that failed counts as a failure there, and the
// end of its output is shown again with the reason.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './lib/ensure-installed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-test-reports-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';
const TAIL_LINES = 25;

/** Steps that failed: { title, why, tail }. */
const failedSteps = [];

/** The last lines written to a stream, kept while they are also shown. */
function tailKeeper() {
  let text = '';
  return {
    push(chunk) {
      text += chunk.toString('utf8');
      // Keep a bounded amount: enough for the last lines.
      if (text.length > 64 * 1024) text = text.slice(-32 * 1024);
    },
    lines() {
      return text.replace(/\s+$/, '').split('\n').slice(-TAIL_LINES);
    },
  };
}

/**
 * Runs a command, showing its output as it comes (or, with `held`, all at once when it ends, so
 * steps run side by side do not mix their lines) and keeping its tail; resolves with the outcome.
 */
function runCommand(command, args, env, held) {
  return new Promise((resolve) => {
    const tail = tailKeeper();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.on('data', (chunk) => {
        if (held) held.push(chunk);
        else out.write(chunk);
        tail.push(chunk);
      });
    }
    let startError;
    child.on('error', (error) => {
      startError = error;
    });
    child.on('close', (code, signal) => {
      let why;
      if (startError) why = `could not run ${command}: ${startError.message}`;
      else if (signal) why = `${path.basename(command)} was stopped by ${signal}`;
      else if (code === 127)
        why = `${path.basename(command)} exited with code 127: a command was not found`;
      else if (code !== 0) why = `${path.basename(command)} exited with code ${code}`;
      resolve({ ok: !why, why, tail: tail.lines() });
    });
  });
}

/**
 * Runs one step with `env` added to the environment; `fix` says what to do when it fails. With
 * `sideBySide`, its output is shown whole when it ends, as other steps run meanwhile.
 */
async function step(title, command, args, { env = {}, fix, sideBySide = false } = {}) {
  if (!sideBySide) console.log(`\n=== ${title}`);
  const held = sideBySide ? [] : undefined;
  const started = Date.now();
  const outcome = await runCommand(command, args, { ...process.env, ...env }, held);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const why = outcome.ok || !fix ? outcome.why : `${outcome.why}: ${fix}`;
  if (held) {
    console.log(`\n=== ${title}`);
    process.stdout.write(Buffer.concat(held));
  }
  console.log(`=== ${title}: ${outcome.ok ? 'ok' : `FAILED: ${why}`} (${seconds} s)`);
  if (!outcome.ok) failedSteps.push({ title, why, tail: outcome.tail });
  return outcome.ok;
}

/** A step that could not even start; said in one line. */
function cannotRun(title, why) {
  console.log(`\n=== ${title}: FAILED: ${why}`);
  failedSteps.push({ title, why, tail: [] });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const hasChromium = fs.existsSync(CHROMIUM);
if (!hasChromium) {
  console.log(
    `Chromium is missing at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (the end-to-end tests need it).`,
  );
}

const installed = await ensureInstalled(root, (command, args, env) =>
  step(`Install dependencies (${command} ${args.join(' ')})`, command, args, { env }),
);

let passed = 0;
let failed = 0;
let skipped = 0;
/** Steps whose failure is already counted by failed tests in their report. */
const countedByTests = new Set();

if (installed) {
  // The checks read the sources only, and each runs on one core: side by side they take about as
  // long as the lint alone.
  await Promise.all([
    step('Type-check', bin('tsc'), ['-b'], { sideBySide: true }),
    step('Formatting (Prettier)', bin('prettier'), ['--check', '.'], {
      fix: 'run `npm run format`',
      sideBySide: true,
    }),
    step('Lint', bin('eslint'), ['--max-warnings', '0', '.'], { sideBySide: true }),
    step('Docs', process.execPath, ['scripts/check-docs.mjs'], {
      fix: 'edit what it names; `node scripts/check-docs.mjs --write` draws the module map anew',
      sideBySide: true,
    }),
  ]);

  const vitestTitle = 'Unit and server integration tests (Vitest)';
  const vitestReport = path.join(reports, 'vitest.json');
  await step(vitestTitle, bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  const vitest = readJson(vitestReport);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
    if (vitest.numFailedTests > 0) countedByTests.add(vitestTitle);
  }

  const e2eTitle = 'End-to-end tests in Chromium (Playwright)';
  const playwrightReport = path.join(reports, 'playwright.json');
  if (await step('Build for the end-to-end tests', 'npm', ['run', 'build', '--silent'])) {
    if (hasChromium) {
      await step(e2eTitle, bin('playwright'), ['test'], {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      });
    } else {
      cannotRun(e2eTitle, `Chromium is missing at ${CHROMIUM} (apt-get install -y chromium)`);
    }
  }
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    if (playwright.stats.unexpected > 0) countedByTests.add(e2eTitle);
  }
}
fs.rmSync(reports, { recursive: true, force: true });

if (passed === 0 && failedSteps.length === 0) {
  failedSteps.push({ title: 'Test run', why: 'no test ran', tail: [] });
}
// A step that failed without a failed test to show for it (a type error, a build that broke, a
// suite that could not load) counts as one failure.
const uncounted = failedSteps.filter((s) => !countedByTests.has(s.title));
failed += uncounted.length;

if (failedSteps.length > 0) {
  console.log('\n=== What failed');
  for (const { title, why, tail } of failedSteps) {
    console.log(`\n--- ${title}: ${why}`);
    if (tail.length > 0) {
      console.log(`    last ${tail.length} lines of its output:`);
      for (const line of tail) console.log(`    | ${line}`);
    }
  }
}
const stepsNote =
  uncounted.length > 0
    ? ` (${uncounted.length} of them ${uncounted.length === 1 ? 'a step' : 'steps'} that failed: ${uncounted.map((s) => s.title).join('; ')})`
    : '';
console.log(`\n${passed} passed, ${failed} failed${stepsNote}, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
