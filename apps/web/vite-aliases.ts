import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The app takes only plain constants from the contract, all of them in `limits.ts`; the other
 * modules hold zod schemas, for the server. Resolving the package to that module keeps zod out of
 * the app, and a value taken from anywhere else fails the build.
 */
export const contractAlias: Alias = {
  find: /^@photo\/contract$/,
  // Through the folder: knip counts `new URL(file, import.meta.url)` as a use of all of file's
  // exports, which would hide the unused ones.
  replacement: path.join(
    fileURLToPath(new URL('../../packages/contract/src', import.meta.url)),
    'limits.ts',
  ),
};
