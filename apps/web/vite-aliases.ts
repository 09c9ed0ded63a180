import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The app is written against React's API and rendered by Preact (decision 0038): React, React DOM
 * and the JSX runtimes resolve to `preact/compat`, for the app and the libraries it uses alike.
 * The web tests resolve them the same way, so they test what ships.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/**
 * The app takes only plain constants from the contract, all of them in `limits.ts`; the other
 * modules hold zod schemas, for the server. Resolving the package to that module keeps zod out of
 * the app, and a value taken from anywhere else fails the build.
 */
export const contractAlias: Alias = {
  find: /^@photo\/contract$/,
  replacement: fileURLToPath(new URL('../../packages/contract/src/limits.ts', import.meta.url)),
};
