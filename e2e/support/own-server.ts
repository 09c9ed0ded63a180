import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/ports';

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
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`the server on ${url} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
