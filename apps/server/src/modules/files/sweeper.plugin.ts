import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.js';
import { startSweeper, type Sweeper } from './files.sweeper.js';

/** What crashes leave behind goes once the server is ready, and then now and then, until it closes. */
export const sweeperPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    let sweeper: Sweeper | undefined;
    app.addHook('onReady', async () => {
      sweeper = startSweeper(deps, app.log);
    });
    app.addHook('onClose', async () => sweeper?.stop());
  },
  { name: 'sweeper' },
);
