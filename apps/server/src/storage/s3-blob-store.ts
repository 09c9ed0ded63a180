import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  resolveByteRange,
  type BlobStore,
  type ByteRange,
  type PresignOptions,
  type RangeRead,
  type StoredBlob,
} from './blob-store.js';
import { isValidBlobKey } from './local-blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** For S3-compatible servers (MinIO, Garage, s3rver…); absent for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** http://host/bucket/key instead of http://bucket.host/key (most S3-compatible servers). */
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: S3's minimum is 5 MiB; at most this many parts travel at once. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  );
}

/** How many times a PUT streamed from a file is sent, when its connection fails. */
const STREAMED_PUT_ATTEMPTS = 3;

/** Failures of the connection, or of the server for a moment, that the same request may not meet. */
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);

function isTransient(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return status >= 500 || status === 429 || error.name === 'RequestTimeout';
  }
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && TRANSIENT_CODES.has(code)) ||
    (error instanceof Error && error.name === 'TimeoutError')
  );
}

function isNotImplemented(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return error.name === 'NotImplemented' || status === 501 || status === 405;
}

function checkedKey(key: string): string {
  if (!isValidBlobKey(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Blobs as objects of one S3-compatible bucket, under the same keys as on disk. An object appears
 * whole when its PUT (or its multipart upload) completes, so readers never see a partial blob;
 * large files go up in parts, streamed from disk, never held whole in memory.
 */
export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  readonly client: S3Client;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
      // Checksums only where S3 requires them: several S3-compatible servers do not understand
      // the trailing checksums of streamed uploads the SDK otherwise adds.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    checkedKey(key);
    const { size } = await fs.stat(localPath);
    if (size <= PART_SIZE) {
      // One PUT with a known length; the file streams from disk. The SDK cannot send a stream
      // again: a PUT whose connection failed is sent again here, from the file.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.client.send(
            new PutObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Body: createReadStream(localPath),
              ContentLength: size,
              ContentType: contentType,
            }),
          );
          break;
        } catch (error) {
          if (attempt >= STREAMED_PUT_ATTEMPTS || !isTransient(error)) throw error;
        }
      }
    } else {
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(localPath),
          ContentType: contentType,
        },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      await upload.done();
    }
    await fs.rm(localPath, { force: true });
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }),
      );
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** One GET with a Range header: the bucket answers the bytes and the blob's size. */
  async readRange(key: string, range: ByteRange): Promise<RangeRead | null> {
    let asked: { start: number; end?: number };
    if ('suffix' in range) {
      // Not every S3-compatible server answers suffix ranges right: the size is asked first.
      const size = await this.#size(key);
      if (size === null) return null;
      const bytes = resolveByteRange(range, size);
      if (!bytes) return { stream: null, size };
      asked = bytes;
    } else {
      asked = range;
    }
    const header = `bytes=${asked.start}-${asked.end ?? ''}`;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Range: header }),
      );
      const stream = answer.Body as Readable;
      const parts = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      if (parts) {
        return { stream, start: Number(parts[1]), end: Number(parts[2]), size: Number(parts[3]) };
      }
      // No Content-Range: the server answered the whole object (an empty one, or no range support).
      const size = answer.ContentLength ?? 0;
      if (size === 0) {
        stream.destroy();
        return { stream: null, size };
      }
      return { stream, start: 0, end: size - 1, size };
    } catch (error) {
      if (isNotFound(error)) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        const size = await this.#size(key);
        return size === null ? null : { stream: null, size };
      }
      throw error;
    }
  }

  async #size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async *list(): AsyncIterable<StoredBlob> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 500 }),
      );
      for (const object of page.Contents ?? []) {
        // Objects someone else put in the bucket under other names are not ours.
        if (object.Key && isValidBlobKey(object.Key)) {
          yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Aborts multipart uploads begun before `startedBefore` (a crash in the middle of a large
   * upload leaves its parts, billed, in the bucket). Servers that cannot list them (s3rver) answer
   * 0: there, a bucket lifecycle rule (AbortIncompleteMultipartUpload) does the same.
   */
  async removeAbandonedWrites(startedBefore: Date): Promise<number> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        if (isNotImplemented(error)) return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (upload.Initiated >= startedBefore) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          removed += 1;
        } catch (error) {
          // Completed or aborted meanwhile (another instance's sweeper).
          if (!isNotFound(error)) throw error;
        }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }

  presignedUrl(key: string, options: PresignOptions): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
        ResponseContentDisposition: options.contentDisposition,
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }
}
