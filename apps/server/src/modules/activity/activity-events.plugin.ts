import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';

/**
 * The activity streams' event-bus subscription, from registration to preClose: this instance's
 * streams wake on the new entries every instance records.
 */
export const activityEventsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    const unsubscribe = await deps.activityChanges.listen();
    app.addHook('preClose', async () => {
      // The bus itself closes with the app's dependencies; nothing here waits on it.
      unsubscribe().catch((error: unknown) =>
        app.log.warn({ err: error }, 'activity events unsubscription failed'),
      );
    });
  },
  { name: 'activity-events' },
);
