import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21T00-00-initial.js';

/** Every migration, by name. Names sort in the order they apply. */
const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-initial': initial,
};

/** Static provider: works the same from source and from the bundled server. */
export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
