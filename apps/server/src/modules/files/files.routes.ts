import multipart from '@fastify/multipart';
import { PLAYBACK_SIZE, uploadedFileSchema } from '@photo/contract';
import { z } from 'zod';
import { announceMediaTools } from '../../infra/media-tools.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { prepareUploadTmpDir } from './receive/receive.js';
import { fileShow } from './serve/show.js';
import { storeMultipartUpload, toUploadedFile } from './files.service.js';

export const filesRoutes: RoutesPlugin = async (app, { deps }) => {
  await prepareUploadTmpDir(deps.uploadTmpDir);
  announceMediaTools(deps.config, app.log);
  const showFile = fileShow(deps);
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
      const { file, created } = await storeMultipartUpload(deps, request);
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
          'with Cache-Control: no-cache. Without size: the original, as uploaded, when the signature names the place ' +
          "(sig=place~…, given to the file's owner and to whom an album shows places); for any other URL, of a file " +
          'whose original carries a location, its copy without it. v: the edit version picture URLs carry once ' +
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
          sig: z.string().max(120).optional(),
          v: z.coerce.number().int().min(0).optional(),
          download: z.enum(['1']).optional(),
        }),
      },
    },
    showFile,
  );
};
