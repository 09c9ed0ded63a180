import type { Readable } from 'node:stream';

/** Where file bytes live: local disk by default, S3-compatible storage later. Keys are ours, never user file names. */
export interface BlobStore {
  /** Stores the local file at `key`, atomically: a reader never sees a partial blob. The local file is consumed. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** Stores bytes at `key`, atomically. */
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the blob, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the blob; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Whether a blob exists at `key`. */
  exists(key: string): Promise<boolean>;
  /** Throws when the store does not respond. */
  ping(): Promise<void>;
}
