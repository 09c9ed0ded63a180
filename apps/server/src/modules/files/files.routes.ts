import multipart from '@fastify/multipart';
import { PLAYBACK_SIZE, uploadedFileSchema } from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { announceMediaTools } from '../../infra/media-tools.js';
import { AppError } from '../../lib/errors.js';
import type { ByteRange } from '../../storage/blob-store.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { prepareUploadTmpDir, receiveFilePart } from './receive/receive.js';
import { ImageCache } from './serve/image-cache.js';
import { findFileToServe, storeAndQueueUpload, toUploadedFile } from './files.service.js';

/** Ids never change content: caches may keep the bytes for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How long a presigned URL of the bucket reads the blob (S3_PRESIGN). */
const PRESIGNED_SECONDS = 300;

/** Derived images above this are streamed from the blob store each time, never kept in memory. */
const CACHED_IMAGE_MAX_BYTES = 256 * 1024;

/**
 * The one byte range a Range header asks for; undefined when it names none we answer (absent,
 * another unit, several ranges, or malformed: then the whole file is sent, as RFC 9110 allows).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined;
  return { start, end };
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 says for it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

export const filesRoutes: RoutesPlugin = async (app, { deps }) => {
  await prepareUploadTmpDir(deps.uploadTmpDir);
  announceMediaTools(deps.config, app.log);
  const imageCache = new ImageCache(deps.config.imageCacheBytes, CACHED_IMAGE_MAX_BYTES);
  // Registered here, so only these routes parse multipart bodies; limits are set per request.
  await app.register(multipart);

  app.post(
    '/files/upload',
    {
      schema: {
        tags: ['files'],
        summary: 'Upload a photo or a video (multipart/form-data, field "file")',
        description:
          'JPEG, PNG, WebP, GIF or AVIF, or an MP4, MOV or WebM video, checked by content (a video: at most 8192 px a side, 3 hours and MAX_VIDEO_BYTES). The same bytes uploaded again by the same user answer the existing file (200). ' +
          "Bytes after the image's end are dropped; the image's own bytes are stored as they are. " +
          'The answer comes once the original is stored; its sizes are made afterwards (ready: false until then). ' +
          'At most 100 megapixels, every frame of an animation counted (413).',
        consumes: ['multipart/form-data'],
        response: { 200: uploadedFileSchema, 201: uploadedFileSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const received = await receiveFilePart(request, {
        tmpDir: deps.uploadTmpDir,
        maxBytes: deps.config.maxUploadBytes,
      });
      // Its sizes are made by a worker: the answer does not wait for them.
      const limit = deps.config.maxUploadBytes;
      const { file, created } = await storeAndQueueUpload(deps, user.id, received, {
        limits: { image: limit, video: limit },
        log: request.log,
      });
      return reply.status(created ? 201 : 200).send(toUploadedFile(file, deps.config.publicUrl));
    },
  );

  app.get(
    '/files/show/:id',
    {
      // <img> cannot send the idToken header: file ids are unguessable capabilities, and files of
      // albums not everyone sees need a signed, expiring URL (exp, sig) besides.
      config: { auth: false, secretPath: true },
      // Photos are compressed already (JPEG, PNG, WebP, GIF): no encoding is tried or negotiated.
      compress: false,
      schema: {
        tags: ['files'],
        summary: 'The bytes of a stored file: the original, or a derived size',
        description:
          'size=thumb: 600 px WebP; size=preview: 1600 px WebP (of an animation: its first frame, and an ' +
          'animated preview when it is small enough); size=card: a 576 x 432 WebP crop from the centre, ' +
          'size=card3x: 864 x 648 (for a file stored before card crops were made: the thumbnail and the ' +
          'preview). Sizes are made just after the upload, by a job: until then, a size is answered by the original ' +
          'with Cache-Control: no-cache. Without size: the original, as uploaded. v: the edit version picture URLs carry once ' +
          'the file has been rotated; derived sizes asked for with another version answer the current ' +
          'bytes with Cache-Control: no-cache. A file of an album ' +
          'that not everyone sees is shown only with the exp and sig its picture URL carries (valid ' +
          'at most an hour); otherwise 404 FILE_NOT_FOUND. download=1: the same bytes with ' +
          'Content-Disposition: attachment and a file name (photo-<day taken>-<id>.<type>), so a ' +
          'link saves the file instead of showing it. size=video: what a browser plays of a video ' +
          '(its H.264 + AAC rendition once made, else its original) or of a Live Photo (its ' +
          "motion, under the picture's access rules and signature); with download=1, the " +
          "original of that video or motion as uploaded (a Live Photo's MOV); 404 for a picture without motion. " +
          'Originals and videos answer a single byte range (Range: bytes=…) with 206, and 416 past their end.',
        security: [],
        params: z.object({ id: z.string() }),
        querystring: z.object({
          size: z.enum(['thumb', 'preview', 'card', 'card3x', PLAYBACK_SIZE]).optional(),
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(100).optional(),
          v: z.coerce.number().int().min(0).optional(),
          download: z.enum(['1']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const served = await findFileToServe(deps, id, request.query);
      const headers = {
        etag: served.etag,
        'cache-control':
          served.maxAgeSeconds === null
            ? IMMUTABLE
            : served.maxAgeSeconds === 0
              ? 'no-cache'
              : `public, max-age=${served.maxAgeSeconds}, immutable`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        // Pages of this site (the app, or its dev server on another port) may show it.
        'cross-origin-resource-policy': 'same-site',
        ...(request.query.download === '1'
          ? { 'content-disposition': `attachment; filename="${served.downloadName}"` }
          : {}),
      };
      if (matchesEtag(request.headers['if-none-match'], served.etag)) {
        return reply.status(304).headers(headers).send();
      }
      if (deps.config.s3?.presign && deps.blobStore.presignedUrl) {
        // The bucket serves the bytes (docs/deploy.md: what this gives up).
        const url = await deps.blobStore.presignedUrl(served.key, {
          expiresInSeconds: PRESIGNED_SECONDS,
          contentType: served.contentType,
          cacheControl: IMMUTABLE,
          ...(request.query.download === '1'
            ? { contentDisposition: `attachment; filename="${served.downloadName}"` }
            : {}),
        });
        return reply
          .status(302)
          .headers({
            ...headers,
            'cache-control':
              served.maxAgeSeconds === 0 ? 'no-cache' : `private, max-age=${PRESIGNED_SECONDS / 2}`,
          })
          .redirect(url);
      }
      // The row was read and access decided just now (404 above for a deleted file or a missing
      // signature); derived bytes never change.
      const cached = served.derived ? imageCache.get(served.key) : undefined;
      if (cached) {
        return reply
          .headers(headers)
          .type(served.contentType)
          .header('content-length', cached.length)
          .send(cached);
      }
      // Originals and videos answer range requests (a video element seeks with them); an
      // If-Range naming other bytes than these asks for the whole file.
      const ifRange = request.headers['if-range'];
      const range =
        served.derived || (ifRange !== undefined && ifRange !== served.etag)
          ? undefined
          : parseRangeHeader(request.headers.range);
      if (range) {
        const part = await deps.blobStore.readRange(served.key, range);
        if (!part) {
          request.log.error({ fileId: id, key: served.key }, 'stored file has no blob');
          throw new AppError('FILE_NOT_FOUND', 'The file was not found.');
        }
        if (!part.stream) {
          return reply
            .status(416)
            .headers({ ...headers, 'accept-ranges': 'bytes' })
            .header('content-range', `bytes */${part.size}`)
            .send();
        }
        return reply
          .status(206)
          .headers({ ...headers, 'accept-ranges': 'bytes' })
          .type(served.contentType)
          .header('content-range', `bytes ${part.start}-${part.end}/${part.size}`)
          .header('content-length', part.end - part.start + 1)
          .send(part.stream);
      }
      const blob = await deps.blobStore.read(served.key);
      if (!blob) {
        request.log.error({ fileId: id, key: served.key }, 'stored file has no blob');
        throw new AppError('FILE_NOT_FOUND', 'The file was not found.');
      }
      if (served.derived && imageCache.accepts(blob.size)) {
        const bytes = Buffer.concat(await blob.stream.toArray());
        imageCache.set(served.key, bytes);
        return reply
          .headers(headers)
          .type(served.contentType)
          .header('content-length', bytes.length)
          .send(bytes);
      }
      return reply
        .headers(served.derived ? headers : { ...headers, 'accept-ranges': 'bytes' })
        .type(served.contentType)
        .header('content-length', blob.size)
        .send(blob.stream);
    },
  );
};
