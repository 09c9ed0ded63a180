import {
  hideMemoryRequestSchema,
  memoriesQuerySchema,
  memoriesSchema,
  memoryKeySchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { hideMemory, listMemories, showMemory } from './memories.service.js';

export const memoriesRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/memories',
    {
      schema: {
        tags: ['memories'],
        summary: '"On this day": your photos taken around this day in earlier years, by year',
        description:
          'day: your own date today, YYYY-MM-DD. Photos you uploaded, taken within a day of that ' +
          'day of the year (the day before, the day, the day after) in an earlier year, read in ' +
          "each photo's own time zone, across New Year too; grouped by year, the latest first, at " +
          'most 50 a year, each with its key. Never an archived, locked or trashed photo, nor a ' +
          'memory you hid.',
        querystring: memoriesQuerySchema,
        response: { 200: memoriesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMemories(deps, currentUser(request), request.query),
  );

  app.post(
    '/memories/hidden',
    {
      schema: {
        tags: ['memories'],
        summary: "Don't show this memory: GET /api/memories answers it no more",
        description:
          "key: the memory's key, as GET /api/memories answers it (the day it is of). Yours " +
          'alone: nobody else is asked. Idempotent.',
        body: hideMemoryRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await hideMemory(deps, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/memories/hidden/:key',
    {
      schema: {
        tags: ['memories'],
        summary: 'Shows a memory you hid again (undoes "Don\'t show this memory")',
        description: "key: the memory's key. Idempotent: a memory not hidden stays shown.",
        params: z.object({ key: memoryKeySchema }),
        response: { 204: z.null(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await showMemory(deps, currentUser(request), request.params.key);
      return reply.status(204).send(null);
    },
  );
};
