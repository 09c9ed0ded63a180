import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startTrashPurge } from './trash.purge.js';

/**
 * With Trash on, this instance purges what has been there TRASH_DAYS days once it is ready, and
 * every hour after, until it closes (decision 0080).
 */
export const trashPurgePlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    let purge: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      if (deps.config.trashDays > 0) purge = await startTrashPurge(deps, app.log);
    });
    app.addHook('onClose', async () => purge?.stop());
  },
  { name: 'trash-purge' },
);
