import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startFaceJobs } from './face-jobs.js';

/** This instance takes face jobs once it is ready (ML_ENABLED); they stop with the job queue. */
export const faceJobsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.addHook('onReady', async () => {
      await startFaceJobs(deps);
    });
  },
  { name: 'face-jobs' },
);
