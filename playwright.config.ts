import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Every run serves the built app on a fresh data folder (SQLite + blobs), on its own port.
const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file too; they inherit the folder the main process made.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'photo-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's headless shell of Chromium where it is installed, as Playwright itself runs headless
// tests: the same Blink without the browser's own window, at half the CPU of Chromium (decision
// 0115). E2E_CHROMIUM names another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.E2E_CHROMIUM ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  // One test more than the machine has cores: each waits on the server and the browser part of
  // the time (in the headless shell, 3 workers on 2 cores left them 15 % idle; decision 0115).
  workers: os.availableParallelism() + 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test reads the JSON report from PLAYWRIGHT_JSON_OUTPUT_NAME; a plain run keeps it out of the console.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  globalTeardown: './e2e/support/global-teardown.ts',
  outputDir: 'test-results',
  use: {
    baseURL,
    // No trace unless asked for (decision 0112): recording one for every test, to keep only a
    // failed test's, cost about an eighth of the run's CPU. E2E_TRACE=retain-on-failure keeps a
    // failed test's DOM snapshots; E2E_TRACE=on records every test, with its screencast.
    trace:
      process.env.E2E_TRACE === 'on'
        ? 'on'
        : process.env.E2E_TRACE === 'retain-on-failure'
          ? { mode: 'retain-on-failure', screenshots: false }
          : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // Pictures of every screen for people to look at are taken on demand:
      // SCREENS=1 npx playwright test screens
      testIgnore: process.env.SCREENS ? [] : ['**/screens.spec.ts'],
    },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      // Finding faces costs seconds of CPU a photo: only people.spec.ts, on a server of its own,
      // turns it on.
      ML_ENABLED: 'false',
    },
  },
});
