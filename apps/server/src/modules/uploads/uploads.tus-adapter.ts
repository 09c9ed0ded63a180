import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../http/current-user.js';
import { AppError } from '../../lib/errors.js';
import { findFileById, toUploadedFile } from '../files/files.service.js';
import {
  deleteResumableUpload,
  findResumableUpload,
  type ResumableUploadRow,
} from './uploads.repository.js';
import { refusalOf, UPLOAD_FILE_ID_HEADER, type ResumableUploads } from './uploads.service.js';

export const TUS_VERSION = '1.0.0';

const SWEEP_INTERVAL_MS = 30 * 60 * 1000;

type UploadRequest = FastifyRequest & { params: { id: string } };

/** Hands the request to tus, then gives its answer through Fastify (so every hook still applies). */
async function handOver(uploads: ResumableUploads, request: FastifyRequest, reply: FastifyReply) {
  const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
  if (request.auth) uploads.callers.set(webRequest, { userId: request.auth.id, log: request.log });
  const response = await uploads.tus.handleWeb(webRequest);
  const body = await response.text();
  for (const [name, value] of response.headers) {
    // Same origin only: tus's CORS answers are not ours to give. Lengths are Fastify's to set.
    if (name.startsWith('access-control-') || name === 'content-length') continue;
    if (name === 'content-type' && response.status >= 400) continue;
    void reply.header(name, value);
  }
  if (response.status >= 400) {
    // In the API's error shape, as every other refusal.
    const { status, code, message, field } = refusalOf(response.status, body);
    const error = { code, message, requestId: String(request.id), ...(field ? { field } : {}) };
    return reply.status(status).send({ error });
  }
  return reply.status(response.status).send(body === '' ? undefined : body);
}

/** The caller's own upload that the URL names, still resumable or finished: 404 otherwise. */
async function ownUpload(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: UploadRequest,
): Promise<ResumableUploadRow> {
  const user = currentUser(request);
  const row = await findResumableUpload(deps.db, request.params.id);
  if (!row || row.owner_id !== user.id || Number(row.expires_at) <= deps.clock.now().getTime()) {
    throw new AppError('NOT_FOUND', 'No such upload: it may have expired.');
  }
  return row;
}

/** HEAD: tus's offset of an unfinished upload; of a finished one, its length and its file. */
async function answerHead(
  deps: AppDeps,
  uploads: ResumableUploads,
  request: UploadRequest,
  reply: FastifyReply,
) {
  const row = await ownUpload(deps, request);
  if (row.finished_at === null) return handOver(uploads, request, reply);
  const length = String(row.length ?? 0);
  return reply
    .headers({
      'tus-resumable': TUS_VERSION,
      'cache-control': 'no-store',
      'upload-offset': length,
      'upload-length': length,
      ...(row.file_id ? { [UPLOAD_FILE_ID_HEADER.toLowerCase()]: row.file_id } : {}),
    })
    .status(200)
    .send(null);
}

/** PATCH: the next bytes, to tus; 409 once every byte was received. */
async function answerPatch(
  deps: AppDeps,
  uploads: ResumableUploads,
  request: UploadRequest,
  reply: FastifyReply,
) {
  const row = await ownUpload(deps, request);
  if (row.finished_at !== null) {
    throw new AppError('CONFLICT', 'The upload is complete: every byte was received.');
  }
  return handOver(uploads, request, reply);
}

/** DELETE: tus removes what was received; a finished upload is only forgotten (its file stays). */
async function answerDelete(
  deps: AppDeps,
  uploads: ResumableUploads,
  request: UploadRequest,
  reply: FastifyReply,
) {
  const row = await ownUpload(deps, request);
  if (row.finished_at === null) {
    const answer = await handOver(uploads, request, reply);
    if (reply.statusCode === 204) await deleteResumableUpload(deps.db, row.id);
    return answer;
  }
  await deleteResumableUpload(deps.db, row.id);
  return reply.header('tus-resumable', TUS_VERSION).status(204).send(null);
}

/** GET: the file a finished upload was stored as. */
async function answerFile(deps: AppDeps, request: UploadRequest) {
  const row = await ownUpload(deps, request);
  if (row.finished_at === null) {
    throw new AppError('NOT_FOUND', 'The upload is not complete: no file was stored yet.');
  }
  if (row.file_id === null) {
    throw new AppError('CONFLICT', 'The file is being stored: ask again in a moment.');
  }
  const file = await findFileById(deps.db, row.file_id);
  if (!file) throw new AppError('FILE_NOT_FOUND', 'The file of this upload was deleted.');
  return toUploadedFile(file, deps.config.publicUrl);
}

/** What the resumable-upload routes answer, each by one call: tus's part and ours around it. */
export function tusAdapter(deps: AppDeps, uploads: ResumableUploads) {
  return {
    handOver: (request: FastifyRequest, reply: FastifyReply) => handOver(uploads, request, reply),
    head: (request: UploadRequest, reply: FastifyReply) =>
      answerHead(deps, uploads, request, reply),
    patch: (request: UploadRequest, reply: FastifyReply) =>
      answerPatch(deps, uploads, request, reply),
    delete: (request: UploadRequest, reply: FastifyReply) =>
      answerDelete(deps, uploads, request, reply),
    file: (request: UploadRequest) => answerFile(deps, request),
  };
}

/**
 * Uploads never finished are removed once their time is out, now and then, on every instance
 * that serves (removing one twice is harmless).
 */
export function sweepExpiredUploads(app: FastifyInstance, uploads: ResumableUploads): void {
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweeping.then(() =>
      uploads
        .sweepExpired()
        .then((removed) => {
          if (removed > 0)
            app.log.info({ removed }, `removed ${removed} expired resumable uploads`);
        })
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not remove expired resumable uploads'),
        ),
    );
    return sweeping;
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
