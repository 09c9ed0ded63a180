/**
 * Crash safety: the real server process is killed with SIGKILL while several users write at once,
 * then started again on the same data. Every write it acknowledged (2xx) must still be there (and
 * every acknowledged delete still done), and nothing may point at what is not there: album covers,
 * profile pictures and photos at files, files at their blobs on disk. Used by a test (a few kills)
 * and by `npm run bench:crash` (twenty or more, on SQLite and PostgreSQL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../db/database.js';
import { FILE_BLOB_COLUMNS, blobKeysOf } from '../modules/files/store/blobs.js';
import { killWithThisProcess, nodeKilledWithThisProcess } from './child-processes.js';
import { sha256 } from './hash.js';
import { createTestPostgresDatabase } from './postgres.js';
import { freePort } from './ports.js';
import { serverProcessArgs } from './server-entry.js';

export interface CrashOptions {
  database: 'sqlite' | 'postgres';
  /** How many times the server is killed. */
  kills: number;
  /** Users writing at the same time. */
  writers: number;
  /** The server is killed this long after the writes start (a random time in between), in ms. */
  killAfterMs: [number, number];
  /** How to run the server: node's arguments (default: the sources through tsx). */
  serverArgs?: string[];
  /** Told of each cycle. */
  progress?: (line: string) => void;
}

export interface CrashReport {
  database: string;
  kills: number;
  /** Writes answered 2xx before a kill. */
  acknowledged: number;
  /** Writes in flight at a kill: they may or may not have happened. */
  inFlight: number;
  /** Acknowledged writes missing afterwards (or acknowledged deletes undone). */
  lost: string[];
  /** References to rows or blobs that are not there. */
  dangling: string[];
  /** Blobs no row points at (unreachable bytes, not an error). */
  orphanBlobs: number;
  /** From the kill until the server answered again, per restart, in ms. */
  restartMs: number[];
  durationMs: number;
}

type Gone = 'no' | 'maybe' | 'yes';

interface Writer {
  token: string;
  uploads: { id: string; url: string; sha256: string }[];
  albums: { id: string; coverFileId: string; gone: Gone }[];
  photos: { id: string; albumId: string; fileId: string; gone: Gone }[];
  comments: { id: string; photoId: string }[];
  profile: { acked: string | null; maybe: Set<string> };
  /** Files that a delete or a new profile picture may have released. */
  released: Set<string>;
}

/** A request the server did not answer: it went down. */
export class ServerDown extends Error {}

/** Writes acknowledged in a cycle before its kill may land. */
const ACKS_BEFORE_KILL = 6;

export async function runCrashCycles(options: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const data = await openCrashData(options.database);
  const { dataDir, databaseUrl, env } = data;
  const report: CrashReport = {
    database: options.database,
    kills: 0,
    acknowledged: 0,
    inFlight: 0,
    lost: [],
    dangling: [],
    orphanBlobs: 0,
    restartMs: [],
    durationMs: 0,
  };
  const serverArgs = options.serverArgs ?? (await serverProcessArgs());
  let server = await startServer(serverArgs, env);
  try {
    const writers: Writer[] = [];
    for (let i = 0; i < options.writers; i += 1) writers.push(await newWriter(server.url, i));

    for (let cycle = 1; cycle <= options.kills; cycle += 1) {
      let running = true;
      const loops = writers.map((writer) =>
        writeUntilDown(server.url, writer, () => running, report),
      );
      // Kill at a random moment, but only once writes of this cycle have been acknowledged, so a
      // slow machine still crashes the server mid-work rather than before it got going.
      const ackedBefore = report.acknowledged;
      await sleep(randomInt(options.killAfterMs[0], options.killAfterMs[1] + 1));
      const waitUntil = Date.now() + 60_000;
      while (report.acknowledged - ackedBefore < ACKS_BEFORE_KILL && Date.now() < waitUntil) {
        await sleep(50);
      }
      running = false;
      server.process.kill('SIGKILL');
      const killedAt = Date.now();
      await server.exited;
      await Promise.all(loops);
      report.kills += 1;

      server = await startServer(serverArgs, env);
      report.restartMs.push(Date.now() - killedAt);
      for (const writer of writers) report.lost.push(...(await checkWriter(server.url, writer)));
      report.dangling.push(...(await checkReferences(dataDir, databaseUrl)));
      options.progress?.(
        `kill ${cycle}/${options.kills}: ${report.acknowledged} acknowledged, ${report.inFlight} in flight, ` +
          `${report.lost.length} lost, ${report.dangling.length} dangling`,
      );
    }
    report.orphanBlobs = (await listOrphanBlobs(dataDir, databaseUrl)).length;
  } finally {
    server.process.kill('SIGKILL');
    await server.exited;
    await data.remove();
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** A fresh data folder and database for a server process killed and started again on them. */
export interface CrashData {
  dataDir: string;
  /** PostgreSQL's, or undefined for SQLite (DATA_DIR/app.db). */
  databaseUrl: string | undefined;
  /** The server's environment. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

export async function openCrashData(
  database: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<CrashData> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-crash-'));
  const postgres = database === 'postgres' ? await createTestPostgresDatabase() : undefined;
  return {
    dataDir,
    databaseUrl: postgres?.url,
    env: {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      MALLOC_ARENA_MAX: '2',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    remove: async () => {
      await postgres?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  exited: Promise<unknown>;
}

/**
 * Starts the server process; `answering` settles once it answers (rejects if it exits or takes
 * over a minute). What it does while starting (work queued when it is ready) can be watched, and
 * killed, before then.
 */
export async function spawnServer(
  args: string[],
  env: Record<string, string>,
): Promise<RunningServer & { answering: Promise<void> }> {
  const port = await freePort();
  const child = killWithThisProcess(
    spawn(...nodeKilledWithThisProcess(args), {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const answering = (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited: ${errors}`);
      if (Date.now() > deadline) {
        // Not left running for nobody to stop.
        child.kill('SIGKILL');
        throw new Error(`the server did not start: ${errors}`);
      }
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
  })();
  // Whoever kills it while starting does not wait for it to answer.
  answering.catch(() => undefined);
  return { url, process: child, exited, answering };
}

export async function startServer(
  args: string[],
  env: Record<string, string>,
): Promise<RunningServer> {
  const server = await spawnServer(args, env);
  await server.answering;
  return server;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function call(
  url: string,
  token: string | null,
  method: string,
  pathName: string,
  body?: unknown,
): Promise<Response> {
  const headers: Record<string, string> = token ? { idToken: token } : {};
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    return await fetch(`${url}${pathName}`, { method, headers, body: payload });
  } catch (error) {
    throw new ServerDown((error as Error).message);
  }
}

let sequence = 0;

/** A new account, signed up and made a user; answers its ID token (good for an hour). */
export async function signUpAccount(url: string, index: number): Promise<string> {
  const email = `crash-${index}-${Date.now()}@example.com`;
  const signUp = await call(url, null, 'POST', '/identity/v1/accounts:signUp', {
    email,
    password: 'crash test password',
    returnSecureToken: true,
  });
  const { idToken } = (await signUp.json()) as { idToken: string };
  await call(url, idToken, 'POST', '/api/users/addNewUser', { name: `Writer ${index}` });
  return idToken;
}

async function newWriter(url: string, index: number): Promise<Writer> {
  return {
    token: await signUpAccount(url, index),
    uploads: [],
    albums: [],
    photos: [],
    comments: [],
    profile: { acked: null, maybe: new Set() },
    released: new Set(),
  };
}

/** Where this process's colours start, so runs differ. */
const firstColour = randomInt(1 << 24);

/**
 * A small image no one uploaded before: one colour each, never the same twice in a process (an
 * odd step through 2^24 colours visits each once), since the same bytes again are the same file.
 */
async function freshImage(): Promise<Buffer> {
  sequence += 1;
  const n = (firstColour + sequence * 7919) % (1 << 24);
  return sharp({
    create: {
      width: 16,
      height: 12,
      channels: 3,
      background: { r: n % 256, g: (n >> 8) % 256, b: (n >> 16) % 256 },
    },
  })
    .png()
    .toBuffer();
}

const pick = <T>(items: T[]): T | undefined =>
  items.length > 0 ? items[randomInt(items.length)] : undefined;

/** Writes as this user, one request at a time, until the server goes away. */
async function writeUntilDown(
  url: string,
  writer: Writer,
  running: () => boolean,
  report: CrashReport,
): Promise<void> {
  while (running()) {
    try {
      await oneWrite(url, writer, report);
    } catch (error) {
      if (error instanceof ServerDown) return;
      throw error;
    }
  }
}

/** Sends one write; records it as acknowledged, or as in flight when the server went down. */
async function send(
  report: CrashReport,
  request: () => Promise<Response>,
  onInFlight: () => void,
): Promise<Response> {
  try {
    const res = await request();
    if (res.ok) report.acknowledged += 1;
    return res;
  } catch (error) {
    report.inFlight += 1;
    onInFlight();
    throw error;
  }
}

/** The form of an upload of a small image no one uploaded before, and the image's hash. */
export async function freshUploadForm(): Promise<{ form: FormData; sha256: string }> {
  const bytes = await freshImage();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'crash.png');
  return { form, sha256: sha256(bytes) };
}

async function upload(url: string, writer: Writer, report: CrashReport) {
  const { form, sha256: hash } = await freshUploadForm();
  const res = await send(
    report,
    () => call(url, writer.token, 'POST', '/api/files/upload', form),
    () => {},
  );
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const file = (await res.json()) as { id: string; url: string };
  const stored = { ...file, sha256: hash };
  writer.uploads.push(stored);
  return stored;
}

async function oneWrite(url: string, writer: Writer, report: CrashReport): Promise<void> {
  const liveAlbums = writer.albums.filter((a) => a.gone === 'no');
  const livePhotos = writer.photos.filter(
    (p) => p.gone === 'no' && writer.albums.find((a) => a.id === p.albumId)?.gone === 'no',
  );
  const roll = randomInt(100);
  if (roll < 20 || liveAlbums.length === 0) {
    const cover = await upload(url, writer, report);
    const album = { id: '', coverFileId: cover.id, gone: 'maybe' as Gone };
    const res = await send(
      report,
      () =>
        call(url, writer.token, 'POST', '/api/albumsDb', {
          name: 'Crash',
          coverPhotoUrl: cover.url,
        }),
      () => writer.released.add(cover.id),
    );
    if (res.status !== 201) throw new Error(`create album: ${res.status} ${await res.text()}`);
    album.id = ((await res.json()) as { id: string }).id;
    album.gone = 'no';
    writer.albums.push(album);
  } else if (roll < 55) {
    const album = pick(liveAlbums)!;
    const file = await upload(url, writer, report);
    const res = await send(
      report,
      () =>
        call(url, writer.token, 'POST', `/api/albumsDb/${album.id}/photos`, { fileId: file.id }),
      () => writer.released.add(file.id),
    );
    if (res.status !== 201) throw new Error(`add photo: ${res.status} ${await res.text()}`);
    const photo = (await res.json()) as { id: string };
    writer.photos.push({ id: photo.id, albumId: album.id, fileId: file.id, gone: 'no' });
  } else if (roll < 80 && livePhotos.length > 0) {
    const photo = pick(livePhotos)!;
    const res = await send(
      report,
      () =>
        call(url, writer.token, 'POST', '/api/photos/comments', {
          photoId: photo.id,
          message: `at ${Date.now()}`,
        }),
      () => {},
    );
    if (res.status !== 201) throw new Error(`comment: ${res.status} ${await res.text()}`);
    writer.comments.push({ id: ((await res.json()) as { id: string }).id, photoId: photo.id });
  } else if (roll < 88 && writer.uploads.length > 0) {
    const file = pick(writer.uploads.filter((u) => !writer.released.has(u.id)));
    if (!file) return;
    const previous = [writer.profile.acked, ...writer.profile.maybe].filter(
      (id): id is string => id !== null,
    );
    const res = await send(
      report,
      () =>
        call(url, writer.token, 'PUT', '/api/users/me/profilePhoto', { profilePicUrl: file.url }),
      () => {
        writer.profile.maybe.add(file.id);
        for (const id of previous) writer.released.add(id);
      },
    );
    if (res.status !== 200) throw new Error(`profile photo: ${res.status} ${await res.text()}`);
    for (const id of previous) if (id !== file.id) writer.released.add(id);
    writer.profile = { acked: file.id, maybe: new Set() };
  } else if (roll < 95 && livePhotos.length > 0) {
    const photo = pick(livePhotos)!;
    const res = await send(
      report,
      () => call(url, writer.token, 'DELETE', `/api/photos/${photo.id}`),
      () => {
        photo.gone = 'maybe';
        writer.released.add(photo.fileId);
      },
    );
    if (res.status === 409) return; // The album's last photo stays.
    if (res.status !== 204) throw new Error(`delete photo: ${res.status} ${await res.text()}`);
    photo.gone = 'yes';
    writer.released.add(photo.fileId);
  } else if (liveAlbums.length > 1) {
    const album = pick(liveAlbums)!;
    const releaseAll = () => {
      writer.released.add(album.coverFileId);
      for (const p of writer.photos) if (p.albumId === album.id) writer.released.add(p.fileId);
    };
    const res = await send(
      report,
      () => call(url, writer.token, 'DELETE', `/api/albumsDb/${album.id}`),
      () => {
        album.gone = 'maybe';
        releaseAll();
      },
    );
    if (res.status !== 204) throw new Error(`delete album: ${res.status} ${await res.text()}`);
    album.gone = 'yes';
    releaseAll();
  }
}

/** What the API shows of one writer after a restart, against what it acknowledged. */
async function checkWriter(url: string, writer: Writer): Promise<string[]> {
  const lost: string[] = [];
  const status = async (pathName: string) =>
    (await call(url, writer.token, 'GET', pathName)).status;
  const albumGone = new Map(writer.albums.map((a) => [a.id, a.gone]));
  for (const album of writer.albums) {
    const found = await status(`/api/albums/find?id=${album.id}`);
    if (album.gone === 'no' && found !== 200) lost.push(`album ${album.id}: ${found}`);
    if (album.gone === 'yes' && found !== 404) lost.push(`deleted album ${album.id}: ${found}`);
    // Settle what a kill left open: the album is there or not, for the next cycle.
    if (album.gone === 'maybe') album.gone = found === 200 ? 'no' : 'yes';
  }
  for (const photo of writer.photos) {
    const albumState = albumGone.get(photo.albumId) ?? 'maybe';
    const found = await status(`/api/photos/${photo.id}`);
    if (photo.gone === 'no' && albumState === 'no' && found !== 200)
      lost.push(`photo ${photo.id}: ${found}`);
    if ((photo.gone === 'yes' || albumState === 'yes') && found !== 404)
      lost.push(`deleted photo ${photo.id}: ${found}`);
    photo.gone = found === 200 ? 'no' : 'yes';
  }
  const photosAlive = new Set(writer.photos.filter((p) => p.gone === 'no').map((p) => p.id));
  const commentsByPhoto = new Map<string, Set<string>>();
  for (const comment of writer.comments) {
    if (!photosAlive.has(comment.photoId)) continue;
    let ids = commentsByPhoto.get(comment.photoId);
    if (!ids) {
      const res = await call(url, writer.token, 'GET', `/api/photos/${comment.photoId}/comments`);
      ids = new Set(((await res.json()) as { id: string }[]).map((c) => c.id));
      commentsByPhoto.set(comment.photoId, ids);
    }
    if (!ids.has(comment.id)) lost.push(`comment ${comment.id} on photo ${comment.photoId}`);
  }
  const me = (await (await call(url, writer.token, 'GET', '/api/users/me')).json()) as {
    profilePicUrl: string;
  };
  const shown = /\/api\/files\/show\/([^/?]+)/.exec(me.profilePicUrl)?.[1] ?? null;
  const allowed = [writer.profile.acked, ...writer.profile.maybe];
  if (!allowed.includes(shown))
    lost.push(`profile picture ${shown}, acknowledged ${writer.profile.acked}`);
  writer.profile = { acked: shown, maybe: new Set() };
  for (const file of writer.uploads) {
    if (writer.released.has(file.id)) continue;
    const res = await call(url, null, 'GET', `/api/files/show/${file.id}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || sha256(bytes) !== file.sha256) {
      lost.push(`file ${file.id}: ${res.status}`);
    }
  }
  return lost;
}

export async function withDatabase<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  work: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>,
): Promise<T> {
  const handle = openDatabase({ databaseUrl, sqlitePath: path.join(dataDir, 'app.db') });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

async function blobExists(dataDir: string, key: string): Promise<boolean> {
  try {
    return (await fs.stat(path.join(dataDir, 'blobs', key))).isFile();
  } catch {
    return false;
  }
}

/** References to rows or blobs that are not there, read straight from the database and the disk. */
export async function checkReferences(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<string[]> {
  return withDatabase(dataDir, databaseUrl, async (db) => {
    const dangling: string[] = [];
    const fileIds = new Set((await db.selectFrom('files').select('id').execute()).map((r) => r.id));
    for (const album of await db.selectFrom('albums').select(['id', 'cover_file_id']).execute()) {
      if (album.cover_file_id !== null && !fileIds.has(album.cover_file_id))
        dangling.push(`album ${album.id} cover ${album.cover_file_id}`);
    }
    for (const user of await db
      .selectFrom('users')
      .select(['id', 'profile_pic_file_id'])
      .execute()) {
      if (user.profile_pic_file_id && !fileIds.has(user.profile_pic_file_id))
        dangling.push(`user ${user.id} picture ${user.profile_pic_file_id}`);
    }
    const albumIds = new Set(
      (await db.selectFrom('albums').select('id').execute()).map((r) => r.id),
    );
    const photos = await db.selectFrom('photos').select(['id', 'album_id', 'file_id']).execute();
    for (const photo of photos) {
      if (!fileIds.has(photo.file_id)) dangling.push(`photo ${photo.id} file ${photo.file_id}`);
      if (!albumIds.has(photo.album_id)) dangling.push(`photo ${photo.id} album ${photo.album_id}`);
    }
    // Trash (decision 0080): a trashed photo keeps its file, a trashed album its cover.
    for (const photo of await db.selectFrom('trashed_photos').select(['id', 'file_id']).execute()) {
      if (!fileIds.has(photo.file_id))
        dangling.push(`trashed photo ${photo.id} file ${photo.file_id}`);
    }
    for (const album of await db
      .selectFrom('trashed_albums')
      .select(['id', 'cover_file_id'])
      .execute()) {
      if (album.cover_file_id !== null && !fileIds.has(album.cover_file_id))
        dangling.push(`trashed album ${album.id} cover ${album.cover_file_id}`);
    }
    const photoIds = new Set(photos.map((p) => p.id));
    for (const comment of await db.selectFrom('comments').select(['id', 'photo_id']).execute()) {
      if (!photoIds.has(comment.photo_id))
        dangling.push(`comment ${comment.id} photo ${comment.photo_id}`);
    }
    const files = await db
      .selectFrom('files')
      .select(['id', ...FILE_BLOB_COLUMNS])
      .execute();
    for (const file of files) {
      for (const key of blobKeysOf(file)) {
        if (!(await blobExists(dataDir, key))) dangling.push(`file ${file.id} blob ${key}`);
      }
    }
    return dangling;
  });
}

/** The blobs (and staging files) no file row names, as keys under DATA_DIR/blobs. */
export async function listOrphanBlobs(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<string[]> {
  const keys = await withDatabase(dataDir, databaseUrl, async (db) => {
    const rows = await db.selectFrom('files').select(FILE_BLOB_COLUMNS).execute();
    return new Set(rows.flatMap(blobKeysOf));
  });
  const root = path.join(dataDir, 'blobs');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((key) => !keys.has(key));
}
