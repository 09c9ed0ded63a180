import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startPlaceNaming } from './place-names.js';

/**
 * This instance names the places of located files through the job queue (decision 0105): each
 * new located file's, queued as it is stored, and once it is ready every file stored before.
 */
export const placeNamesPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    let naming: { stop(): void } | undefined;
    app.addHook('onReady', async () => {
      naming = await startPlaceNaming(deps, app.log);
    });
    app.addHook('onClose', async () => naming?.stop());
  },
  { name: 'place-names' },
);
