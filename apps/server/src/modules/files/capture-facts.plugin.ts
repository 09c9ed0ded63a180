import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { fillCaptureFacts } from './capture-facts.js';

/**
 * Once the app is ready, this instance reads the lens, the exposure and the date's time zone of
 * files stored before they were recorded from their originals, in the background (decision
 * 0086); it stops between two files when the app closes.
 */
export const captureFactsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    let stopping = false;
    let running: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      running = fillCaptureFacts(deps, app.log, () => stopping)
        .then((read) => {
          if (read > 0) app.log.info({ read }, "stored originals' metadata read again");
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, "reading stored originals' metadata failed");
        });
    });
    app.addHook('onClose', async () => {
      stopping = true;
      await running;
    });
  },
  { name: 'capture-facts' },
);
