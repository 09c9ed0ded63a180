import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { placeNameColumns, PLACE_VERSION } from './media/place-name.js';
import { listFilesToName, recordPlaceName } from './store/repository.js';

/** The job queue's name for naming located files' places (decision 0105). */
export const NAME_PLACES = 'name-places';

/** Files named per query; the names come from memory, a few microseconds each. */
const BATCH = 200;

/**
 * Names the places of located files not named yet (place_version below PLACE_VERSION), a batch
 * at a time, until none is left or `stopped()` says so: those stored a moment ago and, once, every
 * file stored before place names were kept. Idempotent: two runs at once write the same names.
 * Answers how many files it named.
 */
export async function namePlaces(
  deps: Pick<AppDeps, 'db'>,
  stopped: () => boolean = () => false,
): Promise<number> {
  let named = 0;
  while (!stopped()) {
    const files = await listFilesToName(deps.db, PLACE_VERSION, BATCH);
    if (files.length === 0) break;
    for (const file of files) await recordPlaceName(deps.db, file.id, placeNameColumns(file));
    named += files.length;
  }
  return named;
}

/** Asks a worker to name what is not named yet; a failure to ask is logged, never thrown. */
export function queuePlaceNaming(deps: Pick<AppDeps, 'jobQueue'>, log: FastifyBaseLogger): void {
  void deps.jobQueue.send(NAME_PLACES, {}).catch((error: unknown) => {
    log.warn({ err: error }, 'could not queue the naming of places');
  });
}

/**
 * Takes naming jobs on this instance (one at a time) and asks for one now: the backfill of files
 * stored before, and any a crash left unnamed. Stops between two batches when the app closes.
 */
export async function startPlaceNaming(
  deps: Pick<AppDeps, 'db' | 'jobQueue'>,
  log: FastifyBaseLogger,
): Promise<{ stop(): void }> {
  let stopping = false;
  await deps.jobQueue.work(
    NAME_PLACES,
    async () => {
      const named = await namePlaces(deps, () => stopping);
      if (named > 0) log.debug({ named }, 'places named');
    },
    { concurrency: 1 },
  );
  queuePlaceNaming(deps, log);
  return {
    stop: () => {
      stopping = true;
    },
  };
}
