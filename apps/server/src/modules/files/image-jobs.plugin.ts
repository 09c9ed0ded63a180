import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startImageJobs } from './files.derive.js';

/**
 * This instance takes image jobs once it is ready. They stop with the job queue, which closes
 * with the app's dependencies.
 */
export const imageJobsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.addHook('onReady', async () => startImageJobs(deps, app.log));
  },
  { name: 'image-jobs' },
);
