// Album list paging with the visibility filter, at scale: the cost of a page of Recent Albums
// (50, newest first, keyset) over ALBUMS albums (1M by default) in SQLite, with and without the
// filter, as a ratio measured in the same run. Prints figures; never gates CI.
// Run: npm run bench:visibility   (BENCH_ALBUMS=1000000 BENCH_PRIVATE=0.1 by default)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.js';
import type { Db } from '../apps/server/src/db/schema.js';
import type { Keyset } from '../apps/server/src/lib/paging.js';
import { listAlbumViews } from '../apps/server/src/modules/albums/albums.repository.js';

const albums = Number(process.env.BENCH_ALBUMS ?? 1_000_000);
/** Share of albums that the viewer may not see (private to other owners). */
const privateShare = Number(process.env.BENCH_PRIVATE ?? 0.1);
const PAGES = 40;
const LIMIT = 50;

/** The same page without the visibility filter: what every page cost before sharing. */
function unfilteredPage(db: Db, after: Keyset | undefined) {
  let query = db
    .selectFrom('albums')
    .innerJoin('users', 'users.id', 'albums.owner_id')
    .selectAll('albums')
    .select('users.name as owner_name');
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('albums.created_at', 'albums.id'), '<', eb.tuple(after.key, after.id)),
    );
  }
  return query
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc')
    .limit(LIMIT + 1)
    .execute();
}

async function walk(
  label: string,
  page: (after: Keyset | undefined) => Promise<Array<{ created_at: string; id: string }>>,
) {
  const started = performance.now();
  let after: Keyset | undefined;
  let rows = 0;
  for (let i = 0; i < PAGES; i += 1) {
    const items = await page(after);
    rows += Math.min(items.length, LIMIT);
    const last = items[Math.min(items.length, LIMIT) - 1];
    if (!last) break;
    after = { key: last.created_at, id: last.id };
  }
  const ms = (performance.now() - started) / PAGES;
  return { label, ms, rows };
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-visibility-'));
  const handle = openDatabase({ databaseUrl: undefined, sqlitePath: path.join(dir, 'app.db') });
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const now = '2026-01-01T00:00:00.000Z';
    const owners = 1000;
    await db
      .insertInto('users')
      .values(
        Array.from({ length: owners + 1 }, (_, i) => ({
          id: `u${i}`,
          email_address: `u${i}@example.com`,
          name: `User ${i}`,
          profile_pic_file_id: null,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('files')
      .values({
        id: 'f0',
        owner_id: 'u1',
        blob_key: 'k',
        content_type: 'image/jpeg',
        size: 1,
        width: 1,
        height: 1,
        sha256: 'x',
        thumb_key: null,
        preview_key: null,
        date_taken: null,
        camera_make: null,
        camera_model: null,
        created_at: now,
      })
      .execute();
    const seeding = performance.now();
    const batch = 5000;
    for (let start = 0; start < albums; start += batch) {
      await db.transaction().execute(async (trx) => {
        for (let offset = 0; offset < batch; offset += 500) {
          const values = [];
          for (let i = start + offset; i < Math.min(start + offset + 500, albums); i += 1) {
            const hidden = (i * 7919) % 1000 < privateShare * 1000;
            values.push({
              id: `a${String(i).padStart(8, '0')}`,
              owner_id: `u${1 + (i % owners)}`,
              name: `Album ${i}`,
              cover_file_id: 'f0',
              created_at: new Date(Date.parse(now) + i * 1000).toISOString(),
              visibility: hidden ? ('invited' as const) : ('everyone' as const),
            });
          }
          if (values.length > 0) await trx.insertInto('albums').values(values).execute();
        }
      });
    }
    console.log(
      `seeded ${albums} albums (${privateShare * 100}% invited-only, not shared with the viewer) in ${Math.round(performance.now() - seeding)} ms`,
    );
    const viewer = 'u0';
    // Warm both, then measure.
    await walk('warm', (after) => unfilteredPage(db, after));
    await walk('warm', (after) =>
      listAlbumViews(db, { limit: LIMIT + 1, after, viewerId: viewer }),
    );
    const before = await walk('without the filter', (after) => unfilteredPage(db, after));
    const withFilter = await walk('with the visibility filter', (after) =>
      listAlbumViews(db, { limit: LIMIT + 1, after, viewerId: viewer }),
    );
    for (const figure of [before, withFilter]) {
      console.log(
        `${figure.label}: ${figure.ms.toFixed(3)} ms per page of ${LIMIT} (${PAGES} pages, ${figure.rows} albums)`,
      );
    }
    console.log(`ratio (filtered / unfiltered): ${(withFilter.ms / before.ms).toFixed(2)}x`);
  } finally {
    await handle.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
