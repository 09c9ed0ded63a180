import { createReadStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  resolveByteRange,
  type BlobStore,
  type ByteRange,
  type RangeRead,
  type StoredBlob,
} from './blob-store.js';

/**
 * Keys are slash-separated segments of letters, digits, "_", "-" and ".", where a segment never
 * starts with a dot: no "..", no hidden files, no absolute paths, no backslashes.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 512;
/** Bytes a blob's stream reads at a time. */
const READ_BYTES = 1024 * 1024;

export function isValidBlobKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/**
 * Blobs as files under one folder. Writes go to a temporary name (the staging folder .tmp), then
 * rename into place. A file's modification time is when it was stored.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  readonly #tmp: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.#tmp = path.join(this.root, '.tmp');
  }

  async init(): Promise<this> {
    await fs.mkdir(this.#tmp, { recursive: true });
    return this;
  }

  #path(key: string): string {
    if (!isValidBlobKey(key)) {
      throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    }
    return path.join(this.root, key);
  }

  #stagingPath(): string {
    return path.join(this.#tmp, randomBytes(12).toString('hex'));
  }

  async putFile(key: string, localPath: string, _contentType?: string): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // A rename keeps the file's time, which may be when the upload began: the blob is stored now.
    const now = new Date();
    await fs.utimes(localPath, now, now);
    try {
      await fs.rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another disk: copy next to the target first, so the rename into place stays atomic.
      const staging = this.#stagingPath();
      try {
        await fs.copyFile(localPath, staging);
        await fs.rename(staging, target);
      } catch (copyError) {
        await fs.rm(staging, { force: true });
        throw copyError;
      }
      await fs.rm(localPath, { force: true });
    }
  }

  async putBuffer(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const staging = this.#stagingPath();
    try {
      await fs.writeFile(staging, data, { flag: 'wx' });
      await fs.rename(staging, target);
    } catch (error) {
      await fs.rm(staging, { force: true });
      throw error;
    }
  }

  async localPath(key: string): Promise<string | null> {
    return (await this.exists(key)) ? this.#path(key) : null;
  }

  /**
   * The blob's file, open for reading, and its size; null when there is none. The open descriptor
   * keeps serving these bytes even if the blob is replaced or deleted meanwhile.
   */
  async #open(key: string): Promise<{ handle: FileHandle; size: number } | null> {
    let handle: FileHandle;
    try {
      handle = await fs.open(this.#path(key), 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (stat.isFile()) return { handle, size: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    return null;
  }

  async read(key: string) {
    const opened = await this.#open(key);
    if (!opened) return null;
    // Read 1 MiB at a time (not 64 KiB): each read costs about the same whatever its size, and an
    // original is sent whole (a download, a zip); one such buffer per stream open.
    return {
      stream: createReadStream('', { fd: opened.handle, highWaterMark: READ_BYTES }),
      size: opened.size,
    };
  }

  async readRange(key: string, range: ByteRange): Promise<RangeRead | null> {
    const opened = await this.#open(key);
    if (!opened) return null;
    const { handle, size } = opened;
    const bytes = resolveByteRange(range, size);
    if (!bytes) {
      await handle.close();
      return { stream: null, size };
    }
    return {
      stream: createReadStream('', {
        fd: handle,
        start: bytes.start,
        end: bytes.end,
        highWaterMark: READ_BYTES,
      }),
      ...bytes,
      size,
    };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.#path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.#path(key))).isFile();
    } catch {
      return false;
    }
  }

  async ping(): Promise<void> {
    await fs.access(this.root, fs.constants.W_OK);
  }

  async *list(): AsyncIterable<StoredBlob> {
    yield* this.#walk(this.root, '');
  }

  async *#walk(dir: string, prefix: string): AsyncGenerator<StoredBlob> {
    let entries: AsyncIterable<Dirent>;
    try {
      entries = await fs.opendir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // Staging files are writes in progress, not blobs.
        if (!prefix && entry.name === '.tmp') continue;
        yield* this.#walk(path.join(dir, entry.name), key);
      } else if (entry.isFile() && isValidBlobKey(key)) {
        try {
          const stat = await fs.stat(path.join(dir, entry.name));
          yield { key, lastModified: stat.mtime };
        } catch {
          // Deleted meanwhile.
        }
      }
    }
  }

  async removeAbandonedWrites(startedBefore: Date): Promise<number> {
    let removed = 0;
    for (const name of await fs.readdir(this.#tmp).catch(() => [])) {
      const file = path.join(this.#tmp, name);
      try {
        if ((await fs.stat(file)).mtime < startedBefore) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      } catch {
        // Gone meanwhile: its write finished, or another instance cleaned it.
      }
    }
    return removed;
  }
}
