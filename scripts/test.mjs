// npm test: install what is missing (as npm start does, but the packages' own install scripts, the
// native builds, run beside the checks, which do not need them), then the checks side by side
// (type-check, formatting, lint, import cycles, dead code, docs), then every test: unit and server integration
// with Vitest (once without a database, then on SQLite and on PostgreSQL), then the build and the
// end-to-end tests in Chromium with Playwright. Each of the two keeps both cores busy on its own;
// side by side they took half as long again as one after the other (decision 0113).
// Ends with the time each part took, then one line counting the tests; a step that failed counts
// as a failure there, and the end of its output is shown again with the reason.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installPackages, runPendingScripts } from './lib/ensure-installed.mjs';
import { lintCacheArgs } from './lib/lint-cache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-test-reports-'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// The end-to-end tests run in Debian's headless shell of Chromium where it is installed, in
// Chromium itself otherwise (playwright.config.ts, decision 0115).
const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const INSTALL_BROWSER = 'apt-get install -y chromium-headless-shell';
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
  else console.log(`--- ${title}: started (its output is shown when it ends)`);
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

const hasChromium = BROWSERS.some((browser) => fs.existsSync(browser));
if (!hasChromium) {
  console.log(
    `Chromium is missing (${BROWSERS.join(' or ')}): install it with \`${INSTALL_BROWSER}\` (the end-to-end tests need it).`,
  );
}

/** How long each part of the run took, in order: [name, seconds]. */
const partTimes = [];
const runStarted = Date.now();

/** Runs `run`, noting how long it took under `name` for the summary. */
async function timedPart(name, run) {
  const started = Date.now();
  try {
    return await run();
  } finally {
    partTimes.push([name, (Date.now() - started) / 1000]);
  }
}

/** `2 min 5 s`, or `42 s`. */
function duration(seconds) {
  const rounded = Math.round(seconds);
  return rounded < 60 ? `${rounded} s` : `${Math.floor(rounded / 60)} min ${rounded % 60} s`;
}

const installed = await timedPart('install', () =>
  installPackages(
    root,
    (command, args, env) =>
      step(`Install dependencies (${command} ${args.join(' ')})`, command, args, { env }),
    { withoutScripts: true },
  ),
);

/**
 * The packages' install scripts an install left (better-sqlite3's build from source: a minute on
 * one core), beside the checks; Vitest and the end-to-end tests need them, and come after.
 */
function installScripts() {
  return runPendingScripts(root, (command, args, env) =>
    step(`Install scripts of the dependencies (${command} ${args.join(' ')})`, command, args, {
      env,
      sideBySide: true,
    }),
  );
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Steps whose failure is already counted by failed tests in their report. */
const countedByTests = new Set();
/** Each failed test, with the first lines of why: { step, name, why }. */
const failedTests = [];
const WHY_LINES = 6;

/** The first lines of an error message, without colours. */
function firstLines(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, WHY_LINES)
  );
}

/** Failed tests in Vitest's JSON report. */
function vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      failedTests.push({
        step: vitestTitle,
        name: `${where} › ${test.fullName}`,
        why: firstLines(test.failureMessages?.[0]),
      });
    }
    // A file that failed to load has no failed test of its own.
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      failedTests.push({ step: vitestTitle, name: where, why: firstLines(file.message) });
    }
  }
}

/** Failed tests in Playwright's JSON report, suites within suites. */
function playwrightFailures(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const result = test.results?.find((r) => r.error) ?? test.results?.at(-1);
      failedTests.push({
        step: e2eTitle,
        name: [...here, spec.title].join(' › '),
        why: firstLines(result?.error?.message ?? result?.status),
      });
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

/**
 * A step whose tool and configuration come with the sources (`needs`, paths from the root): when
 * one is missing, the step fails saying so rather than being left out.
 */
function stepNeeding(needs, title, command, args, options) {
  const missing = needs.filter((file) => !fs.existsSync(path.join(root, file)));
  if (missing.length > 0) {
    cannotRun(title, `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing`);
    return Promise.resolve(false);
  }
  return step(title, command, args, options);
}

/**
 * The checks read the sources only, and each runs on one core: side by side they take about as
 * long as the lint alone. Prettier and ESLint keep caches that can only answer for the very same
 * files (Prettier formats a file alone; ESLint's is named after every source, lint-cache.mjs), and
 * tsc -b its own incremental build information; a fresh clone has none of them.
 */
function checks() {
  return Promise.all([
    step('Type-check', bin('tsc'), ['-b'], { sideBySide: true }),
    step(
      'Formatting (Prettier)',
      bin('prettier'),
      ['--check', '--cache', '--cache-strategy', 'content', '.'],
      { fix: 'run `npm run format`', sideBySide: true },
    ),
    step('Lint', bin('eslint'), ['--max-warnings', '0', ...lintCacheArgs(root), '.'], {
      sideBySide: true,
    }),
    step('Import cycles', process.execPath, ['scripts/import-cycles.mjs'], { sideBySide: true }),
    stepNeeding(['knip.json', 'node_modules/.bin/knip'], 'Dead code (knip)', bin('knip'), [], {
      fix: 'remove what is unused, or say in knip.json why it stays',
      sideBySide: true,
    }),
    stepNeeding(['scripts/check-docs.mjs'], 'Docs', process.execPath, ['scripts/check-docs.mjs'], {
      fix: 'edit what it names; `node scripts/check-docs.mjs --write` draws the module map anew',
      sideBySide: true,
    }),
  ]);
}

const vitestTitle = 'Unit and server integration tests (Vitest)';
const vitestReport = path.join(reports, 'vitest.json');

function vitest() {
  return step(vitestTitle, bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
}

const e2eTitle = 'End-to-end tests in Chromium (Playwright)';
const playwrightReport = path.join(reports, 'playwright.json');

/** The build, then the end-to-end tests on it. */
async function buildAndEndToEnd() {
  const built = await timedPart('build', () =>
    step('Build for the end-to-end tests', 'npm', ['run', 'build', '--silent']),
  );
  if (!built) return;
  if (!hasChromium) {
    cannotRun(e2eTitle, `Chromium is missing: ${BROWSERS.join(' or ')} (${INSTALL_BROWSER})`);
    return;
  }
  await timedPart('e2e', () =>
    step(e2eTitle, bin('playwright'), ['test'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    }),
  );
}

if (installed) {
  // The checks, Vitest and the end-to-end tests each keep both cores busy: they run one after
  // another (decision 0113). The install scripts, on one core, run beside the checks (0117).
  await timedPart('checks', () => Promise.all([installScripts(), checks()]));
  await timedPart('vitest', vitest);
  await buildAndEndToEnd();

  const vitestResults = readJson(vitestReport);
  if (vitestResults) {
    passed += vitestResults.numPassedTests;
    failed += vitestResults.numFailedTests;
    skipped += vitestResults.numPendingTests + vitestResults.numTodoTests;
    if (vitestResults.numFailedTests > 0) countedByTests.add(vitestTitle);
    vitestFailures(vitestResults);
  }
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
    if (playwright.stats.unexpected > 0) countedByTests.add(e2eTitle);
    for (const suite of playwright.suites ?? []) playwrightFailures(suite);
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
    for (const test of failedTests.filter((t) => t.step === title)) {
      console.log(`\n    ✘ ${test.name}`);
      for (const line of test.why) console.log(`      ${line}`);
    }
  }
}
const stepsNote =
  uncounted.length > 0
    ? ` (${uncounted.length} of them ${uncounted.length === 1 ? 'a step' : 'steps'} that failed: ${uncounted.map((s) => s.title).join('; ')})`
    : '';
const PART_ORDER = ['install', 'checks', 'vitest', 'build', 'e2e'];
partTimes.sort(([a], [b]) => PART_ORDER.indexOf(a) - PART_ORDER.indexOf(b));
const times = partTimes.map(([name, seconds]) => `${name} ${duration(seconds)}`);
times.push(`total ${duration((Date.now() - runStarted) / 1000)}`);
console.log(`\n${times.join(' · ')}`);
console.log(`${passed} passed, ${failed} failed${stepsNote}, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
