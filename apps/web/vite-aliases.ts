import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The app takes only plain constants from the contract, all of them in `limits.ts`; the other
 * modules hold zod schemas, for the server. Resolving the package to that module keeps zod out of
 * the app, and a value taken from anywhere else fails the build.
 */
export const contractAlias: Alias = {
  find: /^@photo\/contract$/,
  replacement: fileURLToPath(new URL('../../packages/contract/src/limits.ts', import.meta.url)),
};
