import type { Readable } from 'node:stream';

/** A stored blob, as a listing gives it. */
export interface StoredBlob {
  key: string;
  /** When its bytes were stored (a put refreshes it). */
  lastModified: Date;
}

/** Where file bytes live: local disk by default, or an S3-compatible bucket. Keys are ours, never user file names. */
export interface BlobStore {
  /** Stores the local file at `key`, atomically: a reader never sees a partial blob. The local file is consumed. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** Stores bytes at `key`, atomically. */
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the blob, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  /**
   * The blob's file on this machine, or null when there is none: for readers that open files
   * themselves (libvips). Only stores on local disk have it.
   */
  localPath?(key: string): Promise<string | null>;
  /** Removes the blob; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** Whether a blob exists at `key`. */
  exists(key: string): Promise<boolean>;
  /** Throws when the store does not respond. */
  ping(): Promise<void>;
  /** Every stored blob, a few at a time (never writes in progress). */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes what writes started before `startedBefore` and never finished left behind (staging
   * files on disk; incomplete multipart uploads on S3). Answers how many were removed.
   */
  removeAbandonedWrites(startedBefore: Date): Promise<number>;
  /**
   * A URL that reads the blob without credentials until it expires, answering with these headers;
   * only stores that can serve clients directly (S3) have it.
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>;
}

export interface PresignOptions {
  expiresInSeconds: number;
  contentType: string;
  cacheControl: string;
  /** Content-Disposition the bucket answers with (a download), when set. */
  contentDisposition?: string;
}
