import { notificationSettingsSchema } from '@photo/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import { escapeHtml } from '../../lib/html.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  getNotificationSettings,
  setNotificationSettings,
  unsubscribe,
  unsubscribeStatus,
} from './digests.service.js';

const tokenParams = z.object({ token: z.string().min(1).max(300) });

/** A page of a few lines, for a person who opened an unsubscribe link in a browser. */
function sendPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        `<title>${escapeHtml(title)}</title></head>` +
        '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">' +
        `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
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
    async (request, reply) => {
      const digest = await unsubscribeStatus(deps, request.params.token);
      if (digest === 'off') {
        return sendPage(reply, 'E-mail summaries are off', '<p>You get no e-mail summaries.</p>');
      }
      return sendPage(
        reply,
        'Stop e-mail summaries?',
        `<p>You get an e-mail summary of what happens in your albums ${digest === 'hourly' ? 'at most once an hour' : 'at most once a day'}.</p>` +
          `<form method="post" action="${escapeHtml(request.params.token)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          '<button type="submit" style="font:inherit;padding:.4rem 1rem">Stop e-mail summaries</button></form>',
      );
    },
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
      return sendPage(
        reply,
        'E-mail summaries are off',
        '<p>You will get no more e-mail summaries. You can turn them on again in your account settings.</p>',
      );
    },
  );
};
