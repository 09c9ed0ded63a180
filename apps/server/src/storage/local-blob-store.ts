import { createReadStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BlobStore } from './blob-store.js';

/**
 * Keys are slash-separated segments of letters, digits, "_", "-" and ".", where a segment never
 * starts with a dot: no "..", no hidden files, no absolute paths, no backslashes.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 512;

/** Staging files older than this were left by a crash; init() removes them. */
const STALE_STAGING_MS = 60 * 60 * 1000;

export function isValidBlobKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** Blobs as files under one folder. Writes go to a temporary name, then rename into place. */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  readonly #tmp: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.#tmp = path.join(this.root, '.tmp');
  }

  async init(): Promise<this> {
    await fs.mkdir(this.#tmp, { recursive: true });
    await this.#removeStaleStaging();
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

  async read(key: string) {
    const file = this.#path(key);
    let handle: FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      // The open descriptor keeps serving these bytes even if the blob is replaced or deleted meanwhile.
      return { stream: createReadStream('', { fd: handle }), size: stat.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
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

  async #removeStaleStaging(): Promise<void> {
    const now = Date.now();
    for (const name of await fs.readdir(this.#tmp)) {
      const file = path.join(this.#tmp, name);
      try {
        const stat = await fs.stat(file);
        if (now - stat.mtimeMs > STALE_STAGING_MS) await fs.rm(file, { force: true });
      } catch {
        // Gone meanwhile: another instance cleaned it.
      }
    }
  }
}
