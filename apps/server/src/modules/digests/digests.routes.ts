import { notificationSettingsSchema } from '@photo/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { unsubscribedPage, unsubscribeQuestionPage } from './digests.pages.js';
import {
  getNotificationSettings,
  setNotificationSettings,
  unsubscribe,
  unsubscribeStatus,
} from './digests.service.js';

const tokenParams = z.object({ token: z.string().min(1).max(300) });

/** A small HTML page, for a person who opened an unsubscribe link in a browser. */
function sendHtml(reply: FastifyReply, html: string) {
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(html);
}

export const digestsRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/users/me/notifications',
    {
      schema: {
        tags: ['users'],
        summary: 'How often the caller gets an e-mail summary of their unread activity',
        description:
          'digest: off, hourly or daily (the default). mailConfigured: whether this server sends ' +
          'them at all (SMTP_URL and PUBLIC_URL are set).',
        response: { 200: notificationSettingsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getNotificationSettings(deps, currentUser(request).id),
  );

  app.put(
    '/users/me/notifications',
    {
      schema: {
        tags: ['users'],
        summary: 'Sets how often the caller gets an e-mail summary',
        description: 'mailConfigured, when sent, is ignored: it is read-only.',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => setNotificationSettings(deps, currentUser(request).id, request.body.digest),
  );

  app.get(
    '/unsubscribe/:token',
    {
      // The token names a person: logs name the route, not the path.
      config: { auth: false, secretPath: true },
      schema: {
        tags: ['users'],
        summary: "An e-mail summary's unsubscribe link, opened in a browser (no idToken)",
        description:
          'Changes nothing (RFC 8058: a GET must not): answers a small HTML page whose button sends ' +
          'the POST. A token not made by this server: 404 LINK_NOT_FOUND.',
        security: [],
        params: tokenParams,
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) =>
      sendHtml(
        reply,
        unsubscribeQuestionPage(
          request.params.token,
          await unsubscribeStatus(deps, request.params.token),
        ),
      ),
  );

  app.post(
    '/unsubscribe/:token',
    {
      // A mail client's one-click POST (RFC 8058): no idToken, no XSRF header; the token is the
      // capability. It names a person: logs name the route, not the path.
      config: { auth: false, secretPath: true, xsrf: false },
      schema: {
        tags: ['users'],
        summary: 'One-click unsubscribe from e-mail summaries (RFC 8058; no idToken)',
        description:
          "Sets the person's summaries to off and answers 200 with a small HTML page. The body a mail " +
          'client sends (List-Unsubscribe=One-Click, form-encoded) may be left out. A token not made by ' +
          'this server: 404 LINK_NOT_FOUND.',
        security: [],
        params: tokenParams,
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish(),
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      await unsubscribe(deps, request.params.token);
      return sendHtml(reply, unsubscribedPage());
    },
  );
};
