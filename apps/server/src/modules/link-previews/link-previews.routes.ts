import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { requestOrigin } from '../../http/picture-origins.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  linkPreviewImage,
  PREVIEW_HEIGHT,
  PREVIEW_IMAGE_SUFFIX,
  PREVIEW_WIDTH,
  sharedLinkPage,
} from './link-previews.service.js';

const linkParams = z.object({ token: z.string().min(1).max(100) });

/** The picture chat apps show for a share link (under /api). */
export const linkPreviewRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    `/shared/:token${PREVIEW_IMAGE_SUFFIX}`,
    {
      // The token is a capability: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      compress: false,
      schema: {
        tags: ['sharing'],
        summary: "The picture of a share link's preview in chat apps (no idToken needed)",
        description:
          `A ${PREVIEW_WIDTH} x ${PREVIEW_HEIGHT} JPEG cropped from the album's cover, made on the ` +
          'first request and kept. It goes with the link: an unknown, stopped or expired link, or one ' +
          'that needs a password, answers 404 LINK_NOT_FOUND.',
        security: [],
        params: linkParams,
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      return sendJpeg(reply, await linkPreviewImage(deps, request.params.token));
    },
  );
};

/** The picture's bytes, with the headers that let crawlers and other sites keep and show it. */
function sendJpeg(reply: FastifyReply, { bytes, etag }: { bytes: Buffer; etag: string }) {
  return (
    reply
      .header('Content-Type', 'image/jpeg')
      .header('ETag', etag)
      // Crawlers fetch it again rarely; a stopped link's picture stops within the hour.
      .header('Cache-Control', 'public, max-age=3600')
      // Chat apps' crawlers and other sites show it: not only this origin.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(bytes)
  );
}

/**
 * The page of a share link (SHARED_LINK_PATH + token): the web app's index.html with the link's
 * Open Graph tags in its head, for chat apps' crawlers that run no script. A link that does not
 * work gets the app's page as it is, which shows its own message.
 */
export function registerSharedLinkPage(
  app: FastifyInstance,
  deps: AppDeps,
  indexHtml: string,
  /** Draws the page into its HTML on the server (decision 0100); null: the browser draws it. */
  draw?: (request: FastifyRequest, html: string) => Promise<string | null>,
): void {
  app.get(
    '/shared/:token',
    {
      // The token is a capability: logs name the route, not the path.
      config: { secretPath: true },
      schema: { hide: true, params: linkParams },
    },
    async (request, reply) => {
      const { token } = request.params as z.infer<typeof linkParams>;
      const origin = deps.config.publicUrl ?? requestOrigin(request);
      const html = await sharedLinkPage(deps, token, origin, indexHtml);
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send((draw ? await draw(request, html) : null) ?? html);
    },
  );
}
