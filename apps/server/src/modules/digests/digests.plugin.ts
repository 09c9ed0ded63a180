import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { digestsPossible, runDigests } from './digests.service.js';

/** How often an instance looks for digests that are due. */
export const DIGEST_CHECK_MS = 5 * 60 * 1000;

/**
 * E-mail digests go out from every instance that does background work (ROLE all or worker), a
 * run every DIGEST_CHECK_MS once the app is ready; each person's e-mail is claimed in the
 * database first (claimDigest), so instances running at once send it once.
 */
export const digestsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    if (!digestsPossible(deps)) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let stopped = false;
    const pass = () => {
      running = running.then(async () => {
        if (stopped) return;
        try {
          const report = await runDigests(deps, app.log);
          if (report.sent + report.failed > 0) {
            app.log.info(report, `e-mail digests: ${report.sent} sent, ${report.failed} failed`);
          }
        } catch (error) {
          app.log.warn({ err: error }, 'e-mail digests: the run failed; will try again');
        }
      });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(pass, DIGEST_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'digests' },
);
