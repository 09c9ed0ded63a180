import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Runs the real entry point in its own process. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('migrates, serves, and on SIGTERM finishes and exits cleanly', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-main-'));
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i += 1) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe(200);
      await expect(fs.stat(path.join(dataDir, 'app.db'))).resolves.toBeTruthy();
      await expect(fs.stat(path.join(dataDir, 'identity-signing-key.json'))).resolves.toMatchObject(
        {
          mode: expect.any(Number),
        },
      );
      const keyMode = (await fs.stat(path.join(dataDir, 'identity-signing-key.json'))).mode & 0o777;
      expect(keyMode).toBe(0o600);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start with a bad setting, naming it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });
});
