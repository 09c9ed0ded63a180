import { BULK_IDS_MAX, downloadRequestSchema, downloadTicketSchema } from '@photo/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { createDownload, openDownload, type ZipDownload } from './downloads.service.js';

/** The answer of a zip download, as OpenAPI tells it (the bytes are streamed, never serialized). */
export const zipResponse = z
  .string()
  .meta({ description: 'application/zip: the originals, byte for byte, streamed (STORE)' });

/** Streams a zip: no length is known before the end; no cache keeps it. */
export function sendZip(reply: FastifyReply, zip: ZipDownload): FastifyReply {
  return reply
    .headers({
      'content-type': 'application/zip',
      'content-disposition': zip.disposition,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(zip.stream);
}

export const downloadsRoutes: RoutesPlugin = async (app, { deps }) => {
  app.post(
    '/downloads',
    {
      schema: {
        tags: ['downloads'],
        summary: 'A short-lived address of a zip of the photos named, or of a whole album',
        description:
          'You must be able to see every photo named (404 PHOTO_NOT_FOUND naming the first that ' +
          'is not, in error.field) or the album (404 ALBUM_NOT_FOUND). Nothing is made then. The ' +
          'answer url needs no idToken header (a browser navigates to it) and works for at most an ' +
          `hour; whether you may still see the photos is decided again when it is opened. At most ${BULK_IDS_MAX} ids.`,
        body: downloadRequestSchema,
        response: { 201: downloadTicketSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const ticket = await createDownload(deps, currentUser(request), request.body);
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    '/downloads/:ticket',
    {
      // A browser navigates here: the signed ticket is the capability; logs name the route.
      config: { auth: false, secretPath: true },
      // The photos are compressed already, and stored as they are.
      compress: false,
      schema: {
        tags: ['downloads'],
        summary: 'The zip a download ticket names, streamed (no idToken needed)',
        description:
          'The originals as uploaded, one entry each, named by their original name when it is ' +
          'known, else "YYYY-MM-DD HH.MM.SS.<type>" (UTC date taken, else added), made unique ' +
          'with " (2)". Content-Disposition names the album, or photos-YYYY-MM-DD.zip. ZIP64 past ' +
          '4 GiB. Access is decided again now: an expired or unknown ticket, or photos its ' +
          'requester may no longer see, answer 404 NOT_FOUND.',
        security: [],
        params: z.object({ ticket: z.string().min(1).max(200) }),
        response: { 200: zipResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) =>
      sendZip(reply, await openDownload(deps, request.params.ticket, request.log)),
  );
};
