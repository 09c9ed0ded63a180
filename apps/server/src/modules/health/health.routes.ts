import { z } from 'zod';
import { pingDatabase } from '../../db/database.js';
import { DERIVE_IMAGES } from '../../infra/job-queue.js';
import type { RoutesPlugin } from '../routes-plugin.js';

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
      const probe = async (fn: () => Promise<void>) => {
        try {
          await fn();
          return 'ok' as const;
        } catch (error) {
          request.log.error({ err: error }, 'health check failed');
          return 'failing' as const;
        }
      };
      let jobs: z.infer<typeof jobDepth> | undefined;
      const [database, blobStore] = await Promise.all([
        probe(() => pingDatabase(deps.db)),
        probe(() => deps.blobStore.ping()),
        // Absent when the queue cannot say (its database is failing, and says so above).
        deps.jobQueue.depth(DERIVE_IMAGES).then(
          (depth) => (jobs = depth),
          () => undefined,
        ),
      ]);
      if (database === 'ok' && blobStore === 'ok') {
        return reply.status(200).send({ status: 'ok', database, blobStore, jobs });
      }
      return reply.status(503).send({ status: 'failing', database, blobStore, jobs });
    },
  );
};
