import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOADS_PATH, uploadedFileSchema } from '@photo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NodeRequest } from 'srvx/node';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import { AppError } from '../../lib/errors.js';
import { findFileById, prepareUploadTmpDir, toUploadedFile } from '../files/files.service.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  deleteResumableUpload,
  findResumableUpload,
  type ResumableUploadRow,
} from './uploads.repository.js';
import {
  createResumableUploads,
  refusalOf,
  RESUMABLE_UPLOAD_EXPIRES_MS,
  UPLOAD_FILE_ID_HEADER,
} from './uploads.service.js';

const TUS_VERSION = '1.0.0';
/** The body of a PATCH (and of a creation that carries bytes). */
const CHUNK_TYPE = 'application/offset+octet-stream';
const SWEEP_INTERVAL_MS = 30 * 60 * 1000;

const tusHeaders = z.object({ 'tus-resumable': z.string().optional() }).passthrough();
const idParams = z.object({ id: entityId });

const expiresHours = RESUMABLE_UPLOAD_EXPIRES_MS / 3600_000;
const protocolNote =
  `tus 1.0 (https://tus.io/protocols/resumable-upload): send Tus-Resumable: ${TUS_VERSION}. ` +
  'Every request needs the idToken header (and, from a browser holding the XSRF cookie, its ' +
  'header), like every other call; an upload is seen only by the user who created it (404 to anyone else).';

export const uploadsRoutes: RoutesPlugin = async (app, { deps }) => {
  await prepareUploadTmpDir(deps.uploadTmpDir);
  const uploads = createResumableUploads(deps);
  const tusPath = RESUMABLE_UPLOADS_PATH.replace(/^\/api/, '');

  // Chunks are streamed to the store by tus, never parsed nor held here: only these routes take them.
  app.addContentTypeParser(CHUNK_TYPE, (_request, _payload, done) => done(null));

  /** Hands the request to tus, then gives its answer through Fastify (so every hook still applies). */
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    const webRequest = new NodeRequest({ req: request.raw, res: reply.raw });
    if (request.auth)
      uploads.callers.set(webRequest, { userId: request.auth.id, log: request.log });
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
  };

  /** The caller's own upload that the URL names, still resumable or finished: 404 otherwise. */
  const ownUpload = async (
    request: FastifyRequest & { params: { id: string } },
  ): Promise<ResumableUploadRow> => {
    const user = currentUser(request);
    const row = await findResumableUpload(deps.db, request.params.id);
    if (!row || row.owner_id !== user.id || Number(row.expires_at) <= deps.clock.now().getTime()) {
      throw new AppError('NOT_FOUND', 'No such upload: it may have expired.');
    }
    return row;
  };

  app.options(
    tusPath,
    {
      config: { auth: false },
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: 'Resumable uploads: what this server speaks (tus 1.0 discovery)',
        description:
          'Answers Tus-Version, Tus-Extension (creation, creation-with-upload, creation-defer-length, ' +
          'termination, expiration) and Tus-Max-Size: the larger of MAX_UPLOAD_BYTES and MAX_VIDEO_BYTES.',
        response: { 204: z.null() },
      },
    },
    handOver,
  );

  app.post(
    tusPath,
    {
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: 'Start a resumable upload of a photo or video (tus creation)',
        description:
          `${protocolNote} Headers: Upload-Length (bytes), Upload-Metadata (filename and filetype, ` +
          'base64 as tus says). Answers 201 with Location: the upload URL, and Upload-Expires: it ' +
          `can be resumed for ${expiresHours} hours. Upload-Length over the larger of ` +
          'MAX_UPLOAD_BYTES and MAX_VIDEO_BYTES: 413 before any byte is sent.',
        headers: tusHeaders,
        response: { 201: z.null(), ...errorResponses(400, 401, 403, 412, 413) },
      },
    },
    handOver,
  );

  app.head(
    `${tusPath}/:id`,
    {
      // HEAD routes are left out of the document unless they say so; this one is tus's own.
      config: { swagger: { exposeHeadRoute: true } },
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: 'How much of an upload the server has (tus Upload-Offset); which file it became',
        description:
          `${protocolNote} Answers Upload-Offset and Upload-Length. Once all bytes are in, ` +
          `Upload-Offset equals Upload-Length and, when the file is stored, ${UPLOAD_FILE_ID_HEADER} ` +
          'names it: a client whose last PATCH got no answer learns the stored file here (or from ' +
          'GET of the same URL). 404: no such upload of this user, or it expired.',
        params: idParams,
        headers: tusHeaders,
        response: { 200: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const row = await ownUpload(request);
      if (row.finished_at === null) return handOver(request, reply);
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
    },
  );

  app.patch(
    `${tusPath}/:id`,
    {
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: 'Send the next bytes of an upload (tus PATCH); the last ones store the file',
        description:
          `${protocolNote} Content-Type: ${CHUNK_TYPE}, Upload-Offset: where these bytes start ` +
          `(409 when it is not the server's offset). Chunks of ${RESUMABLE_CHUNK_BYTES} bytes ` +
          '(client-config upload.resumable.chunkBytes) lose little to a drop. Answers 204 with the ' +
          'new Upload-Offset; the request that completes the upload answers once the file is ' +
          'stored, as files/upload does: 201 UploadedFile (200 when the same bytes were stored ' +
          `before), with ${UPLOAD_FILE_ID_HEADER}. Checked then as files/upload checks: 415 for ` +
          'what is not an accepted photo or video, 413 for a picture over MAX_UPLOAD_BYTES or a ' +
          'video over MAX_VIDEO_BYTES (and the pixel and length limits); a refused upload keeps nothing.',
        params: idParams,
        headers: tusHeaders,
        consumes: [CHUNK_TYPE],
        response: {
          200: uploadedFileSchema,
          201: uploadedFileSchema,
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const row = await ownUpload(request);
      if (row.finished_at !== null) {
        throw new AppError('CONFLICT', 'The upload is complete: every byte was received.');
      }
      return handOver(request, reply);
    },
  );

  app.delete(
    `${tusPath}/:id`,
    {
      compress: false,
      schema: {
        tags: ['uploads'],
        summary: 'Abandon an upload (tus termination): what was received is removed',
        description:
          `${protocolNote} Answers 204. For an upload whose file is stored, only the upload is ` +
          'forgotten: the file stays (files are deleted through the photos they are in).',
        params: idParams,
        headers: tusHeaders,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await ownUpload(request);
      if (row.finished_at === null) {
        const answer = await handOver(request, reply);
        if (reply.statusCode === 204) await deleteResumableUpload(deps.db, row.id);
        return answer;
      }
      await deleteResumableUpload(deps.db, row.id);
      return reply.header('tus-resumable', TUS_VERSION).status(204).send(null);
    },
  );

  app.get(
    `${tusPath}/:id`,
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['uploads'],
        summary: 'The file a finished upload was stored as (UploadedFile)',
        description:
          'For a client whose last PATCH got no answer. 404: no such upload of this user, it ' +
          'expired, or it is not complete; 409 CONFLICT while its file is being stored (ask again).',
        params: idParams,
        response: { 200: uploadedFileSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const row = await ownUpload(request);
      if (row.finished_at === null) {
        throw new AppError('NOT_FOUND', 'The upload is not complete: no file was stored yet.');
      }
      if (row.file_id === null) {
        throw new AppError('CONFLICT', 'The file is being stored: ask again in a moment.');
      }
      const file = await findFileById(deps.db, row.file_id);
      if (!file) throw new AppError('FILE_NOT_FOUND', 'The file of this upload was deleted.');
      return toUploadedFile(file, deps.config.publicUrl);
    },
  );

  // Uploads never finished are removed once their time is out, now and then, on every instance
  // that serves (removing one twice is harmless).
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
};
