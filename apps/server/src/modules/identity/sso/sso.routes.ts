import {
  IDENTITY_BASE_PATH,
  SSO_FINISH_PATH,
  identityErrorBodySchema,
  identitySignInResponseSchema,
  ssoExchangeRequestSchema,
  type SsoError,
} from '@photo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RoutesPlugin } from '../../routes-plugin.js';
import { identityErrorBody } from '../identity.errors.js';
import { createSessions } from '../identity.sessions.js';
import { SSO_REQUEST_LIFETIME_MS, SsoRefusal, createSso } from './sso.js';

/** The cookie that binds a single sign-on to the browser that started it. */
const BROWSER_COOKIE = 'sso_browser';
const SSO_PATH = `${IDENTITY_BASE_PATH}/sso`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A refusal answered to the browser: its status, and a page that moves on at once to the web
 * app's finishing page, which says in the reader's language what happened.
 */
function refusalPage(reply: FastifyReply, code: SsoError, statusCode: number) {
  const target = escapeHtml(
    `${SSO_FINISH_PATH}?${new URLSearchParams({ error: code }).toString()}`,
  );
  return reply
    .status(statusCode)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}">` +
        `<title>${code}</title></head><body><a href="${target}">${code}</a></body></html>`,
    );
}

/**
 * Single sign-on with an OpenID provider (OIDC_*), under /identity/v1/sso: start (to the
 * provider), callback (back from it), exchange (the web app trades its one-time code for the
 * tokens). Not configured: none of them exists.
 */
export const ssoRoutes: RoutesPlugin = async (app, { deps }) => {
  const ssoConfig = deps.config.sso;
  if (!ssoConfig || !deps.signingKeys) return;
  const serviceDeps = {
    db: deps.db,
    clock: deps.clock,
    keys: deps.signingKeys,
    config: deps.config,
    mailer: deps.mailer,
    sso: ssoConfig,
  };
  const sso = createSso(serviceDeps, createSessions(serviceDeps));
  const secure = (deps.config.publicUrl ?? '').startsWith('https://');

  const redirectUri = (request: FastifyRequest) =>
    `${deps.config.publicUrl ?? `${request.protocol}://${request.host}`}${SSO_PATH}/callback`;

  /** Browser navigations are answered with a page; the web app's exchange with JSON. */
  const browserRoute = async (
    reply: FastifyReply,
    run: () => Promise<FastifyReply>,
  ): Promise<FastifyReply> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof SsoRefusal) return refusalPage(reply, error.code, error.statusCode);
      throw error;
    }
  };

  app.get(
    '/sso/start',
    {
      schema: {
        tags: ['identity'],
        summary: 'Start a single sign-on: 302 to the OpenID provider',
        description:
          'Sets a cookie binding the sign-in to this browser. 503 (a page leading to the web app) when the provider cannot be reached.',
        security: [],
      },
    },
    (request, reply) =>
      browserRoute(reply, async () => {
        const { url, browser } = await sso.start(redirectUri(request), request.log);
        return reply
          .setCookie(BROWSER_COOKIE, browser, {
            path: SSO_PATH,
            httpOnly: true,
            sameSite: 'lax',
            secure,
            maxAge: SSO_REQUEST_LIFETIME_MS / 1000,
          })
          .header('Cache-Control', 'no-store')
          .redirect(url, 302);
      }),
  );

  app.get(
    '/sso/callback',
    {
      schema: {
        tags: ['identity'],
        summary: 'Where the OpenID provider sends the browser back',
        description:
          `Checks state (and this browser), code, PKCE, nonce, audience and issuer; finds the account by its link or by the provider's verified e-mail (or makes one, with OIDC_AUTO_CREATE). ` +
          `302 to ${SSO_FINISH_PATH}?code=… (a one-time code for sso/exchange); a refusal is a 4xx page leading to ${SSO_FINISH_PATH}?error=….`,
        security: [],
        querystring: z.object({}).catchall(z.string()),
      },
    },
    (request, reply) =>
      browserRoute(reply, async () => {
        const code = await sso.finish(
          {
            redirectUri: redirectUri(request),
            search: request.url.split('?')[1] ?? '',
            browser: request.cookies[BROWSER_COOKIE],
          },
          request.log,
        );
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`${SSO_FINISH_PATH}?${new URLSearchParams({ code }).toString()}`, 302);
      }),
  );

  app.post(
    '/sso/exchange',
    {
      schema: {
        tags: ['identity'],
        summary: 'Trade the one-time code of a finished single sign-on for the tokens',
        description:
          'Once, within a minute, from the browser that finished the sign-in (its cookie). Answers what accounts:signInWithPassword answers.',
        security: [],
        body: ssoExchangeRequestSchema,
        response: {
          200: identitySignInResponseSchema,
          400: identityErrorBodySchema,
          413: identityErrorBodySchema,
          429: identityErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const answer = await sso.exchange(request.body.code, request.cookies[BROWSER_COOKIE]);
        void reply.clearCookie(BROWSER_COOKIE, { path: SSO_PATH });
        return answer;
      } catch (error) {
        if (error instanceof SsoRefusal) {
          return reply.status(400).send(identityErrorBody(400, error.code));
        }
        throw error;
      }
    },
  );
};
