import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import {
  killWithThisProcess,
  nodeKilledWithThisProcess,
} from '../../apps/server/src/test/child-processes';
import { freePort } from '../../apps/server/src/test/ports';

/**
 * How long a server may take to start: loading its code and migrating a fresh database takes 2 s
 * on a quiet machine, and 15 s or more on 2 cores shared with the Vitest files and the browser.
 */
const START_DEADLINE_MS = 90_000;

export interface OwnServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts another instance of the built server, with settings of its own, on a fresh data folder:
 * for tests of what the app does with a server configured otherwise than the suite's.
 */
export async function startOwnServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-e2e-own-'));
  const port = options.port ?? (await freePort());
  // A test that fails before it stops its server leaves it to the worker, which ends after a
  // failure: the server ends with it, even when it is killed.
  const [command, args] = nodeKilledWithThisProcess(['apps/server/dist/main.js']);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      // As on the suite's server: a test that needs faces found says ML_ENABLED=true.
      ML_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  killWithThisProcess(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // The hook (or test) starting it is given that time besides its own.
  test.info().setTimeout(test.info().timeout + START_DEADLINE_MS);
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      const exitCode = child.exitCode;
      await stop();
      throw new Error(
        `the server on ${url} did not start within ${START_DEADLINE_MS / 1000} s` +
          (exitCode !== null ? ` (it exited with code ${exitCode})` : ''),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
