import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/ports.js';
import { serverProcessArgs } from './test/server-entry.js';

/** Runs the real entry point in its own process, built as `npm run build` builds it. */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, await serverProcessArgs(), {
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
    const server = await start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    try {
      let health: Response | undefined;
      for (let i = 0; i < 400 && !health; i += 1) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe(200);
      await expect(fs.stat(path.join(dataDir, 'app.db'))).resolves.toBeTruthy();
      // The signing key lives in the database, shared by every instance; no key file.
      const jwks = await fetch(`http://127.0.0.1:${port}/identity/v1/jwks.json`);
      expect(await jwks.json()).toMatchObject({ keys: [{ kty: 'EC', alg: 'ES256' }] });
      await expect(fs.stat(path.join(dataDir, 'identity-signing-key.json'))).rejects.toThrow();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses to start with a bad setting, naming it', async () => {
    const server = await start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('drops log lines it cannot write while the output stalls, and says how many', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-main-'));
    const port = await freePort();
    const server = await start({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_BUFFER_BYTES: String(16 * 1024),
    });
    const url = `http://127.0.0.1:${port}/api/health`;
    let answered = 0;
    const get = async () => {
      const res = await fetch(url);
      await res.arrayBuffer();
      answered += 1;
    };
    try {
      for (let i = 0; i < 400 && answered === 0; i += 1) {
        await get().catch(() => new Promise((r) => setTimeout(r, 100)));
      }
      expect(answered).toBe(1);
      // Nobody reads the log now: the pipe fills, then the server's buffer.
      server.child.stdout.pause();
      const REQUESTS = 3000;
      let next = 0;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < REQUESTS) {
            next += 1;
            await get();
          }
        }),
      );
      expect(answered).toBe(REQUESTS + 1);
      server.child.stdout.resume();
      const lines = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { msg: string; level: number; droppedLines?: number });
      for (let i = 0; i < 250 && !lines().some((line) => line.droppedLines); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const reports = lines().filter((line) => line.droppedLines);
      expect(reports.length).toBeGreaterThan(0);
      expect(reports[0]).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/log lines dropped/),
      });
      const dropped = reports.reduce((sum, line) => sum + (line.droppedLines ?? 0), 0);
      const written = lines().filter((line) => line.msg === 'request').length;
      // Most lines could not be held, and every request is either written or counted as dropped.
      expect(dropped).toBeGreaterThan(REQUESTS / 2);
      expect(written + dropped).toBe(answered);
    } finally {
      server.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
