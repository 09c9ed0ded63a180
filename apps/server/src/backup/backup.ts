import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createBlobStore } from '../deps.js';
import { newFileId } from '../lib/ids.js';
import {
  FILE_BLOB_COLUMNS,
  derivedBlobKeysOf,
  type FileBlobKeys,
} from '../modules/files/store/blobs.js';
import { exportPostgres, importPostgres, type PostgresExport } from './postgres-export.js';

const run = promisify(execFile);

/** What a backup folder holds, in manifest.json. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /**
   * The database, in the folder: app.db (SQLite), database.pgdump (pg_dump's custom format) or
   * the folder database-export (JSON lines per table, where pg_dump was missing).
   */
  databaseFile: string;
  /** With database-export: its tables and last migration. */
  postgresExport?: PostgresExport;
  blobs: number;
  blobBytes: number;
  /** Blobs named by the database that were deleted before they could be copied. */
  blobsGoneMeanwhile: number;
}

interface BlobEntry {
  key: string;
  size: number;
  contentType: string;
}

const MANIFEST = 'manifest.json';
const BLOB_INDEX = 'blobs.json';
const BLOB_DIR = 'blobs';

export class BackupError extends Error {}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Whether pg_dump or pg_restore (Debian's postgresql-client) is installed. */
async function hasPgTool(name: 'pg_dump' | 'pg_restore'): Promise<boolean> {
  try {
    await run(name, ['--version']);
    return true;
  } catch {
    return false;
  }
}

export interface BackupOptions {
  /** pg_dump when installed (the default), or our JSON export. */
  postgresFormat?: 'pg_dump' | 'export';
}

interface NamedBlobs extends FileBlobKeys {
  content_type: string;
}

/** The blobs the database names, with the content types a bucket should serve. */
async function namedBlobs(config: Config, sqliteCopy: string): Promise<NamedBlobs[]> {
  if (!config.databaseUrl) {
    const sqlite = new SQLite(sqliteCopy, { fileMustExist: true });
    try {
      // The copy is one self-contained file (the server sets WAL again when it opens it).
      sqlite.pragma('journal_mode = DELETE');
      return sqlite
        .prepare(`select content_type, ${FILE_BLOB_COLUMNS.join(', ')} from files`)
        .all() as NamedBlobs[];
    } finally {
      sqlite.close();
    }
  }
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: ':memory:' });
  try {
    return await handle.db
      .selectFrom('files')
      .select(['content_type', ...FILE_BLOB_COLUMNS])
      .execute();
  } finally {
    await handle.close();
  }
}

/**
 * Copies the database and every blob into `outDir` (empty or new), while the server runs: the
 * database first, as one consistent snapshot (SQLite's online backup API, or pg_dump), then the
 * blobs. Blobs are never changed once stored, so every blob a row of the snapshot names is copied,
 * unless its file was deleted in between (counted in blobsGoneMeanwhile).
 */
export async function backup(
  config: Config,
  outDir: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  if (!(await isEmptyDir(outDir))) throw new BackupError(`${outDir} is not empty`);
  await fs.mkdir(path.join(outDir, BLOB_DIR), { recursive: true });

  let databaseFile: string;
  let postgresExport: PostgresExport | undefined;
  const pgDump = options.postgresFormat === 'export' ? false : await hasPgTool('pg_dump');
  if (config.databaseUrl && !pgDump) {
    databaseFile = 'database-export';
    postgresExport = await exportPostgres(config.databaseUrl, path.join(outDir, databaseFile));
  } else if (config.databaseUrl) {
    databaseFile = 'database.pgdump';
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      `--file=${path.join(outDir, databaseFile)}`,
      `--dbname=${config.databaseUrl}`,
    ]);
  } else {
    databaseFile = 'app.db';
    const source = path.join(config.dataDir, 'app.db');
    const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await sqlite.backup(path.join(outDir, databaseFile));
    } finally {
      sqlite.close();
    }
  }

  const named = await namedBlobs(config, path.join(outDir, databaseFile));
  const contentTypes = new Map<string, string>();
  for (const row of named) {
    contentTypes.set(row.blob_key, row.content_type);
    for (const key of derivedBlobKeysOf(row)) contentTypes.set(key, 'image/webp');
  }

  const store = await createBlobStore(config);
  const entries: BlobEntry[] = [];
  let bytes = 0;
  for await (const { key } of store.list()) {
    const blob = await store.read(key);
    if (!blob) continue; // Deleted since it was listed.
    const target = path.join(outDir, BLOB_DIR, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await pipeline(blob.stream, createWriteStream(target));
    entries.push({
      key,
      size: blob.size,
      contentType: contentTypes.get(key) ?? 'application/octet-stream',
    });
    bytes += blob.size;
  }
  const copied = new Set(entries.map((entry) => entry.key));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'sqlite',
    databaseFile,
    ...(postgresExport ? { postgresExport } : {}),
    blobs: entries.length,
    blobBytes: bytes,
    blobsGoneMeanwhile: [...contentTypes.keys()].filter((key) => !copied.has(key)).length,
  };
  await fs.writeFile(path.join(outDir, BLOB_INDEX), JSON.stringify(entries));
  // Written last: a folder without it is an unfinished backup.
  await fs.writeFile(path.join(outDir, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) from information_schema.tables where table_schema = 'public'",
    );
    return Number(result.rows[0]?.count ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup folder into the database and blob store the configuration names, which must
 * be empty: a new DATA_DIR (or an empty PostgreSQL database) and an empty bucket. The server is
 * started on it afterwards (it applies newer migrations, if any).
 */
export async function restore(config: Config, fromDir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(
      await fs.readFile(path.join(fromDir, MANIFEST), 'utf8'),
    ) as BackupManifest;
  } catch {
    throw new BackupError(`${fromDir} holds no finished backup (${MANIFEST} is missing)`);
  }
  if (manifest.format !== 1)
    throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  if ((manifest.database === 'postgres') !== Boolean(config.databaseUrl)) {
    throw new BackupError(
      `this is a ${manifest.database} backup: ${manifest.database === 'postgres' ? 'set' : 'unset'} DATABASE_URL to restore it`,
    );
  }
  const store = await createBlobStore(config);
  for await (const _blob of store.list()) {
    throw new BackupError('the blob store is not empty: restore into an empty one');
  }

  const source = path.join(fromDir, manifest.databaseFile);
  if (config.databaseUrl) {
    if (await postgresHasTables(config.databaseUrl)) {
      throw new BackupError('the database is not empty: restore into a new database');
    }
    if (manifest.postgresExport) {
      await importPostgres(config.databaseUrl, source, manifest.postgresExport);
    } else if (!(await hasPgTool('pg_restore'))) {
      throw new BackupError(
        'pg_restore is needed for this backup: install postgresql-client (apt-get install postgresql-client)',
      );
    } else {
      await run('pg_restore', [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${config.databaseUrl}`,
        source,
      ]);
    }
  } else {
    const target = path.join(config.dataDir, 'app.db');
    await fs.mkdir(config.dataDir, { recursive: true });
    try {
      await fs.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new BackupError(`${target} exists: restore into a new DATA_DIR`);
      }
      throw error;
    }
  }

  const entries = JSON.parse(
    await fs.readFile(path.join(fromDir, BLOB_INDEX), 'utf8'),
  ) as BlobEntry[];
  // Stores consume the file they are given: each blob goes through a copy.
  const staging = path.join(config.dataDir, 'uploads-tmp');
  await fs.mkdir(staging, { recursive: true });
  for (const entry of entries) {
    const copy = path.join(staging, `restore-${newFileId()}`);
    await fs.copyFile(path.join(fromDir, BLOB_DIR, entry.key), copy);
    await store.putFile(entry.key, copy, entry.contentType);
  }
  return manifest;
}
