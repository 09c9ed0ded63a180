/**
 * Crash safety of Trash (decision 0080): the real server process is killed with SIGKILL in the
 * middle of deleting a full Trash for good, by Empty Trash (POST /api/trash/delete {all: true}) or
 * by the purge job (trash.purge.ts, queued when the server is ready), then started again on the
 * same data. Afterwards no row may point at a missing file nor a file row at a missing blob, and
 * the blobs no row names must be ones the sweeper removes (files.sweeper.ts): it runs, with its
 * clock past the grace it gives them, and they go. Built from the pieces of crash-harness.ts.
 */
import path from 'node:path';
import { ManualClock } from '../lib/clock.js';
import { SWEEP_POLICY, sweepLeftovers } from '../modules/files/files.sweeper.js';
import { LocalBlobStore } from '../storage/local-blob-store.js';
import {
  ServerDown,
  call,
  checkReferences,
  freshUploadForm,
  listOrphanBlobs,
  openCrashData,
  signUpAccount,
  sleep,
  spawnServer,
  startServer,
  withDatabase,
  type CrashData,
  type RunningServer,
} from './crash-harness.js';
import { serverProcessArgs } from './server-entry.js';

export interface TrashCrashOptions {
  database: 'sqlite' | 'postgres';
  /** 'empty': Empty Trash is killed; 'purge': the purge job, everything in Trash being due. */
  mode: 'empty' | 'purge';
  /** Photos put in Trash (each of its own file), the more the longer deleting them takes. */
  photos: number;
  /** The server is killed once this share of the Trash's files is released (a random one). */
  killAt: [number, number];
  serverArgs?: string[];
}

export interface TrashCrashReport {
  database: string;
  mode: string;
  /** Files of the photos in Trash before the kill, and still there when it was killed. */
  files: number;
  filesAtKill: number;
  /** Photos left in Trash once the restarted server settled (purge: it purges them again). */
  leftInTrash: number;
  /** References to rows or blobs that are not there, after the restart and after the sweep. */
  dangling: string[];
  danglingAfterSweep: string[];
  /** Blobs no row names after the restart, those the sweeper removed, and those left after it. */
  orphanBlobs: number;
  swept: number;
  orphanBlobsAfterSweep: number;
  /**
   * File rows that nothing uses (their release cut short by the kill): bytes still counted until
   * the sweeper's pass releases them; and those left after it.
   */
  unusedFiles: number;
  unusedFilesAfterSweep: number;
  seedMs: number;
  durationMs: number;
}

const TRASH_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

async function json<T>(res: Response, status: number, what: string): Promise<T> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Uploads one image and answers its file's id and address. */
async function uploadImage(url: string, token: string): Promise<{ id: string; url: string }> {
  const { form } = await freshUploadForm();
  const res = await call(url, token, 'POST', '/api/files/upload', form);
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; url: string };
}

/**
 * An album of `photos` photos, each of a file of its own, deleted whole into its owner's Trash,
 * once every file has its thumbnail. Answers the files' ids.
 */
async function fillTrash(
  server: RunningServer,
  data: CrashData,
  token: string,
  photos: number,
): Promise<string[]> {
  const cover = await uploadImage(server.url, token);
  const album = await json<{ id: string }>(
    await call(server.url, token, 'POST', '/api/albumsDb', {
      name: 'Trash crash',
      coverPhotoUrl: cover.url,
    }),
    201,
    'create album',
  );
  const fileIds = [cover.id];
  const addOne = async (fileId: string) => {
    const res = await call(server.url, token, 'POST', `/api/albumsDb/${album.id}/photos`, {
      fileId,
    });
    await json(res, 201, 'add photo');
  };
  // The cover is the album's first photo already. A few requests at a time: the uploads' image work is what takes the time.
  let next = 1;
  const worker = async () => {
    while (next < photos) {
      next += 1;
      const file = await uploadImage(server.url, token);
      fileIds.push(file.id);
      await addOne(file.id);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  // Thumbnails first; the other sizes are put off while uploads arrive, and are still being made
  // (on PostgreSQL, about one a second) when Trash is deleted, as when someone empties it right
  // after an upload.
  await waitFor(data, 60_000, 'thumbnails', async (db) => {
    const pending = await db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('thumb_key', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(pending.n) === 0;
  });
  const res = await call(server.url, token, 'DELETE', `/api/albumsDb/${album.id}`);
  if (res.status !== 204) throw new Error(`delete album: ${res.status} ${await res.text()}`);
  return fileIds;
}

type ReportDb = Parameters<Parameters<typeof withDatabase>[2]>[0];

async function waitFor(
  data: CrashData,
  timeoutMs: number,
  what: string,
  done: (db: ReportDb) => Promise<boolean>,
): Promise<void> {
  await withDatabase(data.dataDir, data.databaseUrl, async (db) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done(db))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  });
}

async function countFiles(db: ReportDb, ids: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Watches the files of the Trash go and kills the server once at most `left` of them remain,
 * before it ends; answers how many were left when it was killed. Rows leave Trash in one
 * transaction, then each file goes (row, then blobs): that is where a kill falls.
 */
async function killWhenReleased(
  server: RunningServer,
  data: CrashData,
  fileIds: readonly string[],
  left: number,
): Promise<number> {
  return withDatabase(data.dataDir, data.databaseUrl, async (db) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const remaining = await countFiles(db, fileIds);
      if (remaining <= left || Date.now() > deadline || server.process.exitCode !== null) {
        server.process.kill('SIGKILL');
        await server.exited;
        return countFiles(db, fileIds);
      }
      await sleep(5);
    }
  });
}

/**
 * Waits until Trash is empty and the Trash's files stop going (the releases follow the purge's
 * last batch): the same count for a second.
 */
async function waitUntilSettled(data: CrashData, fileIds: readonly string[]): Promise<void> {
  let last = -1;
  let since = Date.now();
  await waitFor(data, 60_000, 'the purge', async (db) => {
    const trashed = await db
      .selectFrom('trashed_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const files = await countFiles(db, fileIds);
    if (files !== last) [last, since] = [files, Date.now()];
    return Number(trashed.n) === 0 && Date.now() - since >= 1000;
  });
}

/** Every trashed photo and album as if deleted more than TRASH_DAYS ago: the purge's clock moved. */
async function makeTrashDue(data: CrashData): Promise<void> {
  const long = new Date(Date.now() - (TRASH_DAYS + 1) * DAY_MS).toISOString();
  await withDatabase(data.dataDir, data.databaseUrl, async (db) => {
    await db.updateTable('trashed_photos').set({ trashed_at: long }).execute();
    await db.updateTable('trashed_albums').set({ trashed_at: long }).execute();
  });
}

/** The sweeper's pass run here, on the server's data, with its clock past the blobs' grace. */
async function sweepLater(data: CrashData): Promise<number> {
  return withDatabase(data.dataDir, data.databaseUrl, async (db) => {
    const report = await sweepLeftovers({
      db,
      blobStore: await new LocalBlobStore(path.join(data.dataDir, 'blobs')).init(),
      clock: new ManualClock(new Date(Date.now() + SWEEP_POLICY.orphanBlobGraceMs + 3600_000)),
      uploadTmpDir: path.join(data.dataDir, 'uploads-tmp'),
    });
    return report.orphanBlobs + report.stagingFiles;
  });
}

/** What the restarted server left: photos still in Trash, and files no one uses. */
async function settledFigures(data: CrashData, fileIds: readonly string[]) {
  return withDatabase(data.dataDir, data.databaseUrl, async (db) => {
    const trashed = await db
      .selectFrom('trashed_photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const used = await db
      .selectFrom('trashed_photos')
      .select('file_id')
      .union(
        db
          .selectFrom('trashed_albums')
          .select('cover_file_id as file_id')
          .$narrowType<{ file_id: string }>(),
      )
      .union(db.selectFrom('photos').select('file_id'))
      .union(
        db
          .selectFrom('albums')
          .select('cover_file_id as file_id')
          .$narrowType<{ file_id: string }>(),
      )
      .execute();
    const usedIds = new Set(used.map((row) => row.file_id));
    const present = await db.selectFrom('files').select('id').where('id', 'in', fileIds).execute();
    return {
      leftInTrash: Number(trashed.n),
      unusedFiles: present.filter((row) => !usedIds.has(row.id)).length,
    };
  });
}

/** Kills the server once in the middle of deleting a full Trash, and reads what it left. */
export async function runTrashCrash(options: TrashCrashOptions): Promise<TrashCrashReport> {
  const started = Date.now();
  const data = await openCrashData(options.database, { TRASH_DAYS: String(TRASH_DAYS) });
  const args = options.serverArgs ?? (await serverProcessArgs());
  let server: RunningServer = await startServer(args, data.env);
  try {
    const token = await signUpAccount(server.url, 0);
    const fileIds = await fillTrash(server, data, token, options.photos);
    const seedMs = Date.now() - started;
    const [low, high] = options.killAt;
    const left = Math.round(fileIds.length * (1 - (low + Math.random() * (high - low))));
    let filesAtKill: number;
    if (options.mode === 'empty') {
      // Its answer never comes: the kill lands first (else filesAtKill says it did not).
      void call(server.url, token, 'POST', '/api/trash/delete', { all: true }).catch(
        (error: unknown) => {
          if (!(error instanceof ServerDown)) console.error(error);
        },
      );
      filesAtKill = await killWhenReleased(server, data, fileIds, left);
    } else {
      // Stopped while idle, its Trash made due, started again: it purges as soon as it is ready.
      server.process.kill('SIGKILL');
      await server.exited;
      await makeTrashDue(data);
      server = await spawnServer(args, data.env);
      filesAtKill = await killWhenReleased(server, data, fileIds, left);
    }
    server = await startServer(args, data.env);
    // The purge runs again when the server is ready: let it end before reading.
    if (options.mode === 'purge') await waitUntilSettled(data, fileIds);
    // Stopped before reading, so that no job (the derived sizes of files left) writes meanwhile.
    server.process.kill('SIGTERM');
    await server.exited;
    const dangling = await checkReferences(data.dataDir, data.databaseUrl);
    const figures = await settledFigures(data, fileIds);
    const orphanBlobs = (await listOrphanBlobs(data.dataDir, data.databaseUrl)).length;
    const swept = await sweepLater(data);
    return {
      database: options.database,
      mode: options.mode,
      files: fileIds.length,
      filesAtKill,
      ...figures,
      dangling,
      danglingAfterSweep: await checkReferences(data.dataDir, data.databaseUrl),
      orphanBlobs,
      swept,
      orphanBlobsAfterSweep: (await listOrphanBlobs(data.dataDir, data.databaseUrl)).length,
      unusedFilesAfterSweep: (await settledFigures(data, fileIds)).unusedFiles,
      seedMs,
      durationMs: Date.now() - started,
    };
  } finally {
    server.process.kill('SIGKILL');
    await server.exited;
    await data.remove();
  }
}
