import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/ports.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist/main.js) on a fresh data folder. Its log (stdout) is
 * dropped, or given to the caller as `process.stdout` with `stdout: 'pipe'`.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { stdout?: 'ignore' | 'pipe' } = {},
): Promise<RunningServer> {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('Build first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    url,
    pid: child.pid!,
    dataDir,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a bare Fastify hello-world in its own process: the baseline of this machine, now. */
export async function startBaselineServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const app = require('fastify')();
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(repoRoot, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Signs a user up through the identity service and registers the profile. */
export async function signUpUser(
  baseUrl: string,
  email: string,
): Promise<{ idToken: string; uid: string }> {
  const res = await fetch(`${baseUrl}/identity/v1/accounts:signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'benchmark password', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { idToken: string; localId: string };
  await api(baseUrl, body.idToken, 'POST', '/api/users/addNewUser', {
    name: 'Bench User',
    id: '',
    emailAddress: email,
  });
  return { idToken: body.idToken, uid: body.localId };
}

export async function api<T = unknown>(
  baseUrl: string,
  idToken: string,
  method: string,
  pathName: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: { idToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Newest modification time of the files under a folder, in ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Node's arguments to run the server: the built bundle when it is newer than the sources (it
 * starts about twice as fast), else the sources through tsx. BENCH_SERVER=built|source decides.
 */
export function serverArgs(): { args: string[]; mode: string } {
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  const source = path.join(repoRoot, 'apps/server/src/main.ts');
  const wanted = process.env.BENCH_SERVER;
  const fresh =
    fs.existsSync(built) &&
    fs.statSync(built).mtimeMs >=
      Math.max(
        newestMtime(path.join(repoRoot, 'apps/server/src')),
        newestMtime(path.join(repoRoot, 'packages/contract/src')),
      );
  if (wanted === 'built' || (wanted !== 'source' && fresh)) {
    return { args: [built], mode: 'built (apps/server/dist/main.js)' };
  }
  return { args: ['--import', 'tsx', source], mode: 'source (apps/server/src/main.ts via tsx)' };
}

/**
 * The same reads done minimally, in its own process, on the app's own data folder: Fastify, one
 * prepared better-sqlite3 statement per route and JSON.stringify (no token check, no schema, no
 * logging). `/albums` answers the 50 newest albums as the API shows them; `/thumb/:id` looks the
 * file's thumbnail key up and streams that file.
 */
export async function startMinimalServer(
  dataDir: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const fs = require('node:fs');
    const path = require('node:path');
    const Database = require('better-sqlite3');
    const app = require('fastify')();
    const db = new Database(${JSON.stringify(path.join(dataDir, 'app.db'))}, { readonly: true });
    const albums = db.prepare(
      'select albums.id, albums.name, albums.cover_file_id, albums.owner_id, albums.created_at, users.name as owner_name ' +
      'from albums inner join users on users.id = albums.owner_id order by albums.created_at desc, albums.id desc limit ?');
    const thumb = db.prepare('select thumb_key from files where id = ?');
    const blobs = ${JSON.stringify(path.join(dataDir, 'blobs'))};
    app.get('/albums', (request, reply) => {
      const rows = albums.all(50).map((row) => ({
        id: row.id, name: row.name, coverPhotoUrl: '/api/files/show/' + row.cover_file_id,
        createdBy: row.owner_name, createdById: row.owner_id, dateCreated: row.created_at,
      }));
      reply.type('application/json').send(JSON.stringify(rows));
    });
    app.get('/thumb/:id', (request, reply) => {
      const row = thumb.get(request.params.id);
      if (!row) return reply.code(404).send();
      reply.type('image/webp').send(fs.createReadStream(path.join(blobs, row.thumb_key)));
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(repoRoot, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/albums`);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
