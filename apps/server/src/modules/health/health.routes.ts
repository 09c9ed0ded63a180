import { z } from 'zod';
import type { RoutesPlugin } from '../routes-plugin.js';
import { checkHealth } from './health.service.js';

const check = z.enum(['ok', 'failing']);
const jobDepth = z
  .object({
    waiting: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ description: 'Image jobs: waiting (or waiting for a retry), running, failed for good' });

export const healthRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/health',
    {
      config: { auth: false },
      schema: {
        tags: ['health'],
        summary: 'Whether the database and the blob store respond, and the depth of the job queue',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: check,
            blobStore: check,
            jobs: jobDepth.optional(),
          }),
          503: z.object({
            status: z.literal('failing'),
            database: check,
            blobStore: check,
            jobs: jobDepth.optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(deps, request.log);
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
