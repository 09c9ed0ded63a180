import type { FastifyInstance } from 'fastify';
import { invalid } from '../lib/errors.js';

/** The path of the first string under `value` that holds a NUL character, or null. */
function nulAt(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return at;
    const found = nulAt(item, at ? `${at}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text with a NUL character anywhere in the path, query or body (400). No field of ours
 * needs one, and PostgreSQL cannot store one in text: it would fail the query (500) where SQLite
 * would store it.
 */
export function registerTextInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulAt(value, where);
      if (field) throw invalid(field, 'must not contain a NUL character.');
    }
  });
}
