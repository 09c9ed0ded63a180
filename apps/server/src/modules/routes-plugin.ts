import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';

/** A module's routes: a Fastify plugin given the app's dependencies. */
export type RoutesPlugin = FastifyPluginAsyncZod<{ deps: AppDeps }>;
