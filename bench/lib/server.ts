import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/ports.js';
import { readOptionalSettings } from './settings.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const settings = readOptionalSettings(['BENCH_SERVER', 'BENCH_SERVER_CPU', 'BENCH_SERVER_WRAPPER']);

/** BENCH_SERVER_WRAPPER, as a command and its arguments. */
function serverWrapper(): string[] {
  return (settings.BENCH_SERVER_WRAPPER ?? '').split(' ').filter(Boolean);
}

/** What the app's server runs under, to name with the figures: the wrapper, if any. */
export const serverWrapperNote = settings.BENCH_SERVER_WRAPPER
  ? `, under ${settings.BENCH_SERVER_WRAPPER}`
  : '';

/**
 * How to start a server process with Node's `args`: with BENCH_SERVER_CPU (a CPU number, as
 * taskset takes it) held to that CPU, so that servers measured in turn run alike whatever the
 * client and the rest of the machine do on the others; the app's server (`wrapped`) under
 * BENCH_SERVER_WRAPPER when it is set, whose own cost then counts in every figure.
 */
export function serverCommand(
  args: string[],
  { wrapped = false }: { wrapped?: boolean } = {},
): [string, string[]] {
  const cpu = settings.BENCH_SERVER_CPU;
  const command = [
    ...(cpu ? ['taskset', '-c', cpu] : []),
    ...(wrapped ? serverWrapper() : []),
    process.execPath,
    ...args,
  ];
  return [command[0]!, command.slice(1)];
}

/**
 * The Node process of a server started with serverCommand, once it answers: the child itself,
 * or the first Node process under a wrapper (taskset runs Node in its own place).
 */
export function serverPid(child: ChildProcess): number {
  if (serverWrapper().length === 0) return child.pid!;
  const pending = [child.pid!];
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    if (fs.readFileSync(`/proc/${next}/comm`, 'utf8').trim() === 'node') return next;
    for (const task of fs.readdirSync(`/proc/${next}/task`)) {
      const children = fs.readFileSync(`/proc/${next}/task/${task}/children`, 'utf8');
      pending.push(...children.split(' ').filter(Boolean).map(Number));
    }
  }
  throw new Error(`no Node process under ${child.pid}`);
}

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
  options: {
    stdout?: 'ignore' | 'pipe';
    /** Node's own flags, e.g. --cpu-prof. */ nodeArgs?: string[];
    /** The checkout whose build to start (another one, to compare with): this one by default. */
    root?: string;
  } = {},
): Promise<RunningServer> {
  const main = path.join(options.root ?? repoRoot, 'apps/server/dist/main.js');
  if (!fs.existsSync(main))
    throw new Error(`Build first: npm run build (in ${options.root ?? repoRoot})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-bench-'));
  const port = await freePort();
  const child = spawn(...serverCommand([...(options.nodeArgs ?? []), main], { wrapped: true }), {
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
  const pid = serverPid(child);
  return {
    url,
    pid,
    dataDir,
    process: child,
    stop: async () => {
      // The server itself: a wrapper then writes its profile as the server exits.
      process.kill(pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  /** The server's Node process: under a wrapper, not the child (see serverPid). */
  pid: number;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM to the server's Node process (a wrapper then writes its profile), and its exit. */
  stop(): Promise<void>;
}

/**
 * Starts a server process with Node's `args` (see serverCommand; `wrapped` for the app's server)
 * listening on `port` of 127.0.0.1, with `env` over this process's (an undefined value unsets a
 * variable) and its log (stdout) dropped. Resolves once `probe` (a path) answers, within a minute;
 * fails if the process exits before.
 */
export async function spawnServer(
  args: string[],
  options: {
    port: number;
    probe: string;
    env?: Record<string, string | undefined>;
    cwd?: string;
    wrapped?: boolean;
  },
): Promise<ServerProcess> {
  const child = spawn(...serverCommand(args, { wrapped: options.wrapped ?? false }), {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor(`${url}${options.probe}`, 60_000, child);
  const pid = serverPid(child);
  return {
    url,
    pid,
    exited,
    stop: async () => {
      if (child.exitCode !== null) return;
      process.kill(pid, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * The app's server on a free port over `dataDir`, its log level `logLevel` ('warn' unless told),
 * with `env` besides: by default this checkout's, as serverArgs() chooses, run from the repository
 * and under BENCH_SERVER_WRAPPER. Resolves once /api/health answers.
 */
export async function startAppProcess(
  dataDir: string,
  options: {
    env?: Record<string, string | undefined>;
    /** Node's arguments: serverArgs().args unless told (another checkout's, say). */
    args?: string[];
    cwd?: string;
    wrapped?: boolean;
    logLevel?: string;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  return spawnServer(options.args ?? serverArgs().args, {
    port,
    probe: '/api/health',
    cwd: options.cwd ?? repoRoot,
    wrapped: options.wrapped ?? true,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
  });
}

/** Starts a bare Fastify hello-world in its own process: the baseline of this machine, now. */
export async function startBaselineServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const app = require('fastify')();
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(...serverCommand(['-e', code]), {
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

/** Waits until `url` answers; fails after `timeoutMs`, or as soon as `child` (if given) exits. */
async function waitFor(url: string, timeoutMs = 30_000, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}`);
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

/** GETs a URL (with the idToken when given), reads the whole body, and answers it as JSON. */
export async function getJson<T>(url: string, idToken?: string): Promise<T> {
  const res = await fetch(url, { headers: idToken ? { idToken } : {} });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
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
  const wanted = settings.BENCH_SERVER;
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
 * prepared better-sqlite3 statement per route and JSON.stringify (no token check, schema, security
 * headers, cookie or logging). `/albums?viewer=ID` answers what `GET /api/albumsDb?limit=50`
 * answers that viewer (the same visibility rule, member role, cover edit version, placeholder and
 * readiness,
 * and Link header; signed picture URLs of albums not seen by everyone are left out, so the
 * bench's albums are all seen by everyone); `/albums-plain` the 50 newest albums with their owners' names only;
 * `/thumb/:id` looks the file's thumbnail key up and streams that file.
 */
export async function startMinimalServer(
  dataDir: string,
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const code = `
    const fs = require('node:fs');
    const path = require('node:path');
    const Database = require('better-sqlite3');
    const app = require('fastify')();
    const db = new Database(${JSON.stringify(path.join(dataDir, 'app.db'))}, { readonly: true });
    const albums = db.prepare(
      'select albums.id, albums.name, albums.cover_file_id, albums.owner_id, albums.created_at, albums.visibility, ' +
      'albums.photo_count, albums.first_photo_date, albums.last_photo_date, ' +
      'users.name as owner_name, m.role as member_role, files.edit_version, files.placeholder, files.derived_state ' +
      'from albums left join users on users.id = albums.owner_id ' +
      'left join album_members m on m.album_id = albums.id and m.user_id = @viewer ' +
      'left join files on files.id = albums.cover_file_id ' +
      "where albums.visibility = 'everyone' or albums.owner_id = @viewer or (albums.visibility = 'invited' and m.user_id is not null) " +
      'order by albums.created_at desc, albums.id desc limit 51');
    const plain = db.prepare(
      'select albums.id, albums.name, albums.cover_file_id, albums.owner_id, albums.created_at, users.name as owner_name ' +
      'from albums inner join users on users.id = albums.owner_id order by albums.created_at desc, albums.id desc limit ?');
    app.get('/albums', (request, reply) => {
      const rows = albums.all({ viewer: request.query.viewer });
      const page = rows.slice(0, 50).map((row) => ({
        id: row.id, name: row.name,
        coverPhotoUrl: '/api/files/show/' + row.cover_file_id + (row.edit_version > 0 ? '?v=' + row.edit_version : ''),
        coverPlaceholder: row.placeholder,
        coverReady: row.derived_state !== 'pending',
        createdBy: row.owner_name, createdById: row.owner_id, dateCreated: row.created_at,
        photoCount: row.photo_count, firstPhotoDate: row.first_photo_date, lastPhotoDate: row.last_photo_date,
        visibility: row.visibility, ...(row.member_role ? { myRole: row.member_role } : {}),
      }));
      if (rows.length > 50) {
        const last = page[49];
        const cursor = Buffer.from(JSON.stringify([last.dateCreated, last.id])).toString('base64url');
        reply.header('link', '</api/albumsDb?' + new URLSearchParams({ limit: '50', cursor }) + '>; rel="next"');
      }
      reply.type('application/json').send(JSON.stringify(page));
    });
    app.get('/albums-plain', (request, reply) => {
      const rows = plain.all(50).map((row) => ({
        id: row.id, name: row.name, coverPhotoUrl: '/api/files/show/' + row.cover_file_id,
        createdBy: row.owner_name, createdById: row.owner_id, dateCreated: row.created_at,
      }));
      reply.type('application/json').send(JSON.stringify(rows));
    });
    const thumb = db.prepare('select thumb_key from files where id = ?');
    const blobs = ${JSON.stringify(path.join(dataDir, 'blobs'))};
    app.get('/thumb/:id', (request, reply) => {
      const row = thumb.get(request.params.id);
      if (!row) return reply.code(404).send();
      reply.type('image/webp').send(fs.createReadStream(path.join(blobs, row.thumb_key)));
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(...serverCommand(['-e', code]), {
    cwd: path.join(repoRoot, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/albums-plain`);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * Waits until the file's thumbnail is served. Until then files/show answers the original, whose
 * ETag the request names, so the wait costs a 304 each time, not the original's bytes.
 */
export async function untilThumbnail(url: string, id: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/files/show/${id}?size=thumb`, {
      headers: { 'if-none-match': `"${id}.original"` },
    });
    await res.arrayBuffer();
    if (res.status === 200 && res.headers.get('content-type') === 'image/webp') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** CPU time (user + system) the process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/**
 * Uploads a JPEG file as the web app does, its body read from disk as it is sent (never held whole
 * in memory); answers the stored file as soon as the server does.
 */
export async function sendFile(
  baseUrl: string,
  idToken: string,
  file: string,
): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'image/jpeg' }), path.basename(file));
  const res = await fetch(`${baseUrl}/api/files/upload`, {
    method: 'POST',
    headers: { idToken },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`upload of ${file}: ${res.status} ${body}`);
  return JSON.parse(body) as { id: string; url: string };
}

/** Uploads a picture as the web app does; answers the stored file as soon as the server does. */
export async function sendPicture(
  baseUrl: string,
  idToken: string,
  bytes: Buffer,
  name = 'picture.jpg',
): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${baseUrl}/api/files/upload`, {
    method: 'POST',
    headers: { idToken },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; url: string };
}

/** Uploads a picture and waits until its thumbnail is served (a job makes it after the answer). */
export async function uploadPicture(
  baseUrl: string,
  idToken: string,
  bytes: Buffer,
  name?: string,
): Promise<{ id: string; url: string }> {
  const file = await sendPicture(baseUrl, idToken, bytes, name);
  await untilThumbnail(baseUrl, file.id);
  return file;
}
