import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { pruneCommentEvents } from './comments.service.js';

/** How often events too old to resume from are removed. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The photos' live streams' background work, from registration to preClose: this instance's
 * streams wake on every instance's changes to comments and likes (the event bus), and old comment
 * events are removed now and then.
 */
export const commentEventsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    const unsubscribeComments = await deps.commentChanges.listen();
    const unsubscribeLikes = await deps.likeChanges.listen();
    const unsubscribe = async () => {
      await Promise.all([unsubscribeComments(), unsubscribeLikes()]);
    };
    const pruning = setInterval(() => {
      pruneCommentEvents(deps).catch((error: unknown) =>
        app.log.warn({ err: error }, 'old comment events could not be removed'),
      );
    }, PRUNE_EVERY_MS);
    pruning.unref();
    app.addHook('preClose', async () => {
      clearInterval(pruning);
      // The bus itself closes with the app's dependencies; nothing here waits on it.
      unsubscribe().catch((error: unknown) =>
        app.log.warn({ err: error }, 'comment events unsubscription failed'),
      );
    });
  },
  { name: 'comment-events' },
);
