import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21T00-00-initial.js';
import * as signInThrottle from './2026-11-22T20-00-sign-in-throttle.js';
import * as photoLikes from './2026-11-22T21-00-photo-likes.js';
import * as sharing from './2026-11-23T04-00-sharing.js';

/** Every migration, by name. Names sort in the order they apply. */
const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-initial': initial,
  '2026-11-22T20-00-sign-in-throttle': signInThrottle,
  '2026-11-22T21-00-photo-likes': photoLikes,
  '2026-11-23T04-00-sharing': sharing,
};

/** Static provider: works the same from source and from the bundled server. */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
