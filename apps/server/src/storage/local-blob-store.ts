import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { BlobStore } from './blob-store.js';

const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

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
    return this;
  }

  #path(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..')) {
      throw new Error(`Invalid blob key: ${key}`);
    }
    return path.join(this.root, key);
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(localPath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const staging = path.join(this.#tmp, randomBytes(12).toString('hex'));
      await fs.copyFile(localPath, staging);
      await fs.rename(staging, target);
      await fs.rm(localPath, { force: true });
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const staging = path.join(this.#tmp, randomBytes(12).toString('hex'));
    await fs.writeFile(staging, data);
    await fs.rename(staging, target);
  }

  async read(key: string) {
    const file = this.#path(key);
    try {
      const handle = await fs.open(file, 'r');
      const { size } = await handle.stat();
      return { stream: createReadStream('', { fd: handle }), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.#path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.#path(key));
      return true;
    } catch {
      return false;
    }
  }

  async ping(): Promise<void> {
    await fs.access(this.root, fs.constants.W_OK);
  }
}
