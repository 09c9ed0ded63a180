import { identityErrorBodySchema } from '@photo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The `?key=` the hosted protocol's clients send with every call. */
const keyQuery = z.object({ key: z.string().optional() }).meta({
  description: 'API key of the hosted protocol; accepted and ignored.',
});

export interface IdentityPostOptions {
  /** Statuses answered with an identity error body besides 200 (default 400, 413 and 429). */
  errors?: readonly (400 | 404 | 413 | 429)[];
  /** Declares the hosted protocol's `?key=` (its clients send one; the answer ignores it). */
  keyQuery?: boolean;
}

/**
 * An identity operation: POST with a JSON body, answered with 200 or an identity error. Returns
 * `post(url, summary, description, body, response, handle)` for the routes of `app`.
 */
export function identityPost(
  app: ZodApp,
  { errors = [400, 413, 429], keyQuery: withKey = false }: IdentityPostOptions = {},
) {
  const errorResponses = Object.fromEntries(
    errors.map((status) => [status, identityErrorBodySchema]),
  );
  return <Body extends z.ZodType>(
    url: string,
    summary: string,
    description: string | undefined,
    body: Body,
    response: z.ZodType,
    handle: (body: z.infer<Body>, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.post(
      url,
      {
        schema: {
          tags: ['identity'],
          summary,
          ...(description === undefined ? {} : { description }),
          security: [],
          ...(withKey ? { querystring: keyQuery } : {}),
          body,
          response: { 200: response, ...errorResponses },
        },
      },
      async (request, reply) => handle(request.body as z.infer<Body>, request, reply),
    );
}
