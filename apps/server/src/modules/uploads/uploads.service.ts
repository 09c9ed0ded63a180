import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { RESUMABLE_UPLOADS_PATH, type ApiErrorCode } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/errors.js';
import { requireRoomFor } from '../files/store/storage-use.js';
import {
  receiveWholeUpload,
  storeAndQueueUpload,
  toUploadedFile,
  type ReceivedFile,
} from '../files/files.service.js';
import {
  deleteResumableUpload,
  findExpiredResumableUploads,
  insertResumableUpload,
  markResumableUploadFinished,
  setResumableUploadFile,
  type ResumableUploadRow,
} from './uploads.repository.js';

/**
 * How long an upload may be resumed after it was created; past that, what was received is removed
 * (and a finished upload's answer can no longer be asked for again).
 */
export const RESUMABLE_UPLOAD_EXPIRES_MS = 24 * 3600 * 1000;

/** The header of a HEAD answer that names the file a finished upload was stored as. */
export const UPLOAD_FILE_ID_HEADER = 'Upload-File-Id';

/** Who sends the request tus is handling: kept beside the request object tus is handed. */
export interface UploadCaller {
  userId: string;
  log: FastifyBaseLogger;
}

/** The tus store of the completed multipart uploads it leaves in the bucket, removed once stored. */
class BucketUploadStore extends S3Store {
  readonly bucketName: string;

  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    this.bucketName = options.s3ClientConfig.bucket;
  }

  /** Removes a completed upload's object and its info (remove() only aborts unfinished ones). */
  async removeCompleted(id: string): Promise<void> {
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
    });
  }
}

export interface ResumableUploads {
  /** The tus server: the routes hand it their requests (see uploads.tus-adapter.ts). */
  tus: Server;
  /** Callers of the requests being handled, by the request object tus sees. */
  callers: WeakMap<object, UploadCaller>;
  /** Removes the uploads whose time ran out, received bytes and rows; how many. */
  sweepExpired(): Promise<number>;
}

/** The folder of resumable uploads on this disk (when there is no bucket). */
export function resumableUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads-resumable');
}

/** The API error a tus error stands for, by its status. */
function apiErrorCodeOf(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'TOKEN_MISSING';
    case 404:
    case 410:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
  }
}

/** What a refused request answers: the status, and our error's code, message and field. */
export interface UploadRefusal {
  status: number;
  code: ApiErrorCode;
  message: string;
  field?: string;
}

/**
 * The refusal a tus answer's text body carries: our own errors, thrown by the hooks below, travel
 * through tus as JSON (see onResponseError); tus's own are a line of text.
 */
export function refusalOf(status: number, body: string): UploadRefusal {
  if (body.startsWith('{')) {
    try {
      return JSON.parse(body) as UploadRefusal;
    } catch {
      // Not ours after all: taken as text below.
    }
  }
  const message = body.trim() || 'The upload request was refused.';
  return { status, code: apiErrorCodeOf(status), message };
}

export function createResumableUploads(deps: AppDeps): ResumableUploads {
  const { config } = deps;
  const callers = new WeakMap<object, UploadCaller>();
  const maxSize = Math.max(config.maxUploadBytes, config.maxVideoBytes);
  const datastore: FileStore | BucketUploadStore = config.s3
    ? new BucketUploadStore({
        partSize: 8 * 1024 * 1024,
        // Tags mark expiring objects for a bucket lifecycle rule; several S3-compatible servers
        // have no tagging. Expired uploads are removed by sweepExpired instead.
        useTags: false,
        expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRES_MS,
        s3ClientConfig: {
          bucket: config.s3.bucket,
          region: config.s3.region,
          forcePathStyle: config.s3.forcePathStyle,
          ...(config.s3.endpoint ? { endpoint: config.s3.endpoint } : {}),
          ...(config.s3.accessKeyId && config.s3.secretAccessKey
            ? {
                credentials: {
                  accessKeyId: config.s3.accessKeyId,
                  secretAccessKey: config.s3.secretAccessKey,
                },
              }
            : {}),
          // As the blob store: several S3-compatible servers do not understand the trailing
          // checksums of streamed uploads, and silently store wrong bytes.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      })
    : new FileStore({
        directory: resumableUploadsDir(config.dataDir),
        expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRES_MS,
      });

  const callerOf = (request: object): UploadCaller => {
    const caller = callers.get(request);
    if (!caller) throw new Error('A resumable upload request came without its caller.');
    return caller;
  };

  /** The finished upload's bytes as a received file in the temporary upload folder. */
  const receive = async (upload: Upload): Promise<ReceivedFile> => {
    const file = path.join(deps.uploadTmpDir, `${randomBytes(12).toString('hex')}.upload`);
    const filename = upload.metadata?.filename ?? undefined;
    if (datastore instanceof FileStore) {
      // Same disk: the file moves, then is read once for its hashes.
      await fs.rename(path.join(datastore.directory, upload.id), file);
      await datastore.configstore.delete(upload.id);
      return receiveWholeUpload({ file, filename });
    }
    const source = await datastore.read(upload.id);
    try {
      return await receiveWholeUpload({ file, source, filename });
    } finally {
      await datastore.removeCompleted(upload.id).catch(() => undefined);
    }
  };

  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: datastore,
    maxSize,
    relativeLocation: true,
    // Our routes check who asks for which upload before tus sees the request (uploads.tus-adapter.ts).
    onUploadCreate: async (request, upload) => {
      const caller = callerOf(request);
      if (upload.size === 0) {
        throw new AppError('VALIDATION_FAILED', 'The file is empty.', { field: 'Upload-Length' });
      }
      // A declared length the owner's quota cannot take is refused before any byte is sent; the
      // bytes are reserved when the upload is stored (storeUploadedFile), checked again then.
      if (upload.size !== undefined) await requireRoomFor(deps.db, caller.userId, upload.size);
      const now = deps.clock.now().getTime();
      await insertResumableUpload(deps.db, {
        id: upload.id,
        owner_id: caller.userId,
        length: upload.size ?? null,
        created_at: now,
        expires_at: now + RESUMABLE_UPLOAD_EXPIRES_MS,
      });
      return {};
    },
    onUploadFinish: async (request, upload) => {
      const caller = callerOf(request);
      if (!(await markResumableUploadFinished(deps.db, upload.id, deps.clock.now().getTime()))) {
        throw new AppError('CONFLICT', 'The upload is complete and being stored already.');
      }
      let stored;
      try {
        const received = await receive(upload);
        stored = await storeAndQueueUpload(deps, caller.userId, received, {
          limits: { image: config.maxUploadBytes, video: config.maxVideoBytes },
          log: caller.log,
        });
      } catch (error) {
        // Refused (or failed): nothing of it is kept, and its URL is gone.
        await deleteResumableUpload(deps.db, upload.id);
        await datastore.remove(upload.id).catch(() => undefined);
        throw error;
      }
      await setResumableUploadFile(deps.db, upload.id, stored.file.id);
      return {
        status_code: stored.created ? 201 : 200,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          [UPLOAD_FILE_ID_HEADER]: stored.file.id,
        },
        body: JSON.stringify(toUploadedFile(stored.file, config.publicUrl)),
      };
    },
    onResponseError: (request, error) => {
      if (error instanceof AppError) {
        const refusal: UploadRefusal = {
          status: error.statusCode,
          code: error.code,
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
        };
        return { status_code: error.statusCode, body: JSON.stringify(refusal) };
      }
      if ('status_code' in error) return undefined;
      callers.get(request)?.log.error({ err: error }, 'resumable upload failed');
      return { status_code: 500, body: 'Something went wrong on our side. Try again later.' };
    },
  });

  const sweepExpired = async (): Promise<number> => {
    let removed = 0;
    for (;;) {
      const expired = await findExpiredResumableUploads(deps.db, deps.clock.now().getTime(), 100);
      if (expired.length === 0) break;
      for (const row of expired) {
        await removeReceived(row);
        await deleteResumableUpload(deps.db, row.id);
        removed += 1;
      }
    }
    // Uploads without a row (their owner's account was deleted) go by the store's own clock.
    await tus.cleanUpExpiredUploads().catch(() => 0);
    return removed;
  };

  /** What the store holds of an upload that was never stored: its received bytes. */
  const removeReceived = async (row: ResumableUploadRow) => {
    if (row.file_id !== null) return;
    await datastore.remove(row.id).catch((error: unknown) => {
      if (error !== ERRORS.FILE_NOT_FOUND && error !== ERRORS.FILE_NO_LONGER_EXISTS) throw error;
    });
  };

  return { tus, callers, sweepExpired };
}
