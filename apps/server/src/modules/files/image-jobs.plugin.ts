import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startImageJobs } from './derive/derive.js';
import { startVideoJobs } from './video/rendition.js';

/**
 * This instance takes image and video jobs once it is ready. They stop with the job queue, which closes
 * with the app's dependencies.
 */
export const imageJobsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.addHook('onReady', async () => {
      await startImageJobs(deps, app.log);
      await startVideoJobs(deps, app.log);
    });
  },
  { name: 'image-jobs' },
);
