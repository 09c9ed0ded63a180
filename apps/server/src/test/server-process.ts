import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { killWithThisProcess, nodeKilledWithThisProcess } from './child-processes.js';
import { freePort } from './ports.js';
import { serverProcessArgs } from './server-entry.js';

/** A server process started from the real entry point, with a data folder of its own. */
export interface ServerProcess {
  name: string;
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** What it has printed so far (stdout and stderr), for the message of a failed test. */
  output: () => string;
}

/** Starts a server process on a free port with `env` added to this one's environment. */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `photo-${name}-`));
  const port = await freePort();
  const child = killWithThisProcess(
    spawn(...nodeKilledWithThisProcess(await serverProcessArgs()), {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { name, url: `http://127.0.0.1:${port}`, dataDir, child, exited, output: () => output };
}

/** Resolves once the process answers GET /api/health; throws with its output if it cannot. */
export async function waitUntilServing(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`${server.name} exited: ${server.output()}`);
    }
    if (Date.now() > deadline) {
      // Not left running for nobody to stop.
      server.child.kill('SIGKILL');
      throw new Error(`${server.name} did not start: ${server.output()}`);
    }
    const health = await fetch(`${server.url}/api/health`).catch(() => undefined);
    if (health?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
