import { z } from 'zod';
import { pingDatabase } from '../../db/database.js';
import type { RoutesPlugin } from '../routes-plugin.js';

const check = z.enum(['ok', 'failing']);

export const healthRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/health',
    {
      config: { auth: false },
      schema: {
        tags: ['health'],
        summary: 'Whether the database and the blob store respond',
        response: {
          200: z.object({ status: z.literal('ok'), database: check, blobStore: check }),
          503: z.object({ status: z.literal('failing'), database: check, blobStore: check }),
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
      const [database, blobStore] = await Promise.all([
        probe(() => pingDatabase(deps.db)),
        probe(() => deps.blobStore.ping()),
      ]);
      if (database === 'ok' && blobStore === 'ok') {
        return reply.status(200).send({ status: 'ok', database, blobStore });
      }
      return reply.status(503).send({ status: 'failing', database, blobStore });
    },
  );
};
