import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOADS_PATH, uploadedFileSchema } from '@photo/contract';
import { z } from 'zod';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import { prepareUploadTmpDir } from '../files/files.service.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  createResumableUploads,
  RESUMABLE_UPLOAD_EXPIRES_MS,
  UPLOAD_FILE_ID_HEADER,
} from './uploads.service.js';
import { sweepExpiredUploads, TUS_VERSION, tusAdapter } from './uploads.tus-adapter.js';

/** The body of a PATCH (and of a creation that carries bytes). */
const CHUNK_TYPE = 'application/offset+octet-stream';

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
  const tus = tusAdapter(deps, uploads);
  const tusPath = RESUMABLE_UPLOADS_PATH.replace(/^\/api/, '');

  // Chunks are streamed to the store by tus, never parsed nor held here: only these routes take them.
  app.addContentTypeParser(CHUNK_TYPE, (_request, _payload, done) => done(null));

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
    tus.handOver,
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
    tus.handOver,
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
    tus.head,
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
    tus.patch,
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
    tus.delete,
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
    tus.file,
  );

  sweepExpiredUploads(app, uploads);
};
