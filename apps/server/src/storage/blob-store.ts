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
   * Part of the blob (an HTTP range request), with the blob's whole size; `stream: null` when the
   * range starts past its end (unsatisfiable); null when there is no blob.
   */
  readRange(key: string, range: ByteRange): Promise<RangeRead | null>;
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

/**
 * Bytes asked for, as an HTTP Range header names them: from `start` to `end` included (to the end
 * when `end` is absent), or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** A range read: the bytes from `start` to `end` included, of a blob of `size` bytes. */
export type RangeRead =
  { stream: Readable; start: number; end: number; size: number } | { stream: null; size: number };

/**
 * The bytes a range names within a blob of `size` bytes, or null when none of them exists (a range
 * starting at or past the end, or an empty suffix).
 */
export function resolveByteRange(
  range: ByteRange,
  size: number,
): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

export interface PresignOptions {
  expiresInSeconds: number;
  contentType: string;
  cacheControl: string;
  /** Content-Disposition the bucket answers with (a download), when set. */
  contentDisposition?: string;
}
