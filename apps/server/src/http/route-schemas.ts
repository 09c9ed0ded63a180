import { apiErrorBodySchema } from '@photo/contract';
import { z } from 'zod';

/** The error answers a route may give, for its response schema (and so the OpenAPI document). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<
    S[number],
    typeof apiErrorBodySchema
  >;
}

/** An entity id in a path or query: opaque text, as the contract has it. */
export const entityId = z.string().min(1).max(200);
