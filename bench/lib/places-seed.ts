// Where photos were taken, for the benchmarks of the map and of search: a fixed list of cities
// (with their country's ISO code), each file placed near one of them (a few kilometres about its
// centre), more often near some than others, as people travel; a camera for each file; and
// `locatePhotos` (SQLite) and `locatePhotosPostgres`, which give the files of one owner in the
// app's database a place, as the place-naming job would have (decision 0105), the same places
// on both engines.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A small deterministic generator: the same places in every run. */
export function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** City, country (ISO 3166-1), latitude, longitude, and how often photos are taken there. */
export const CITIES: readonly [string, string, number, number, number][] = [
  ['Lisbon', 'PT', 38.7223, -9.1393, 6],
  ['Porto', 'PT', 41.1579, -8.6291, 3],
  ['Faro', 'PT', 37.0194, -7.9304, 2],
  ['Madrid', 'ES', 40.4168, -3.7038, 4],
  ['Barcelona', 'ES', 41.3874, 2.1686, 4],
  ['Paris', 'FR', 48.8566, 2.3522, 5],
  ['Lyon', 'FR', 45.764, 4.8357, 2],
  ['Berlin', 'DE', 52.52, 13.405, 8],
  ['Munich', 'DE', 48.1351, 11.582, 3],
  ['Hamburg', 'DE', 53.5511, 9.9937, 3],
  ['London', 'GB', 51.5072, -0.1276, 5],
  ['Edinburgh', 'GB', 55.9533, -3.1883, 2],
  ['Rome', 'IT', 41.9028, 12.4964, 3],
  ['Venice', 'IT', 45.4408, 12.3155, 2],
  ['Amsterdam', 'NL', 52.3676, 4.9041, 3],
  ['Vienna', 'AT', 48.2082, 16.3738, 2],
  ['Prague', 'CZ', 50.0755, 14.4378, 2],
  ['Copenhagen', 'DK', 55.6761, 12.5683, 2],
  ['Stockholm', 'SE', 59.3293, 18.0686, 2],
  ['Reykjavik', 'IS', 64.1466, -21.9426, 1],
  ['Athens', 'GR', 37.9838, 23.7275, 2],
  ['Istanbul', 'TR', 41.0082, 28.9784, 2],
  ['New York', 'US', 40.7128, -74.006, 4],
  ['San Francisco', 'US', 37.7749, -122.4194, 3],
  ['Chicago', 'US', 41.8781, -87.6298, 1],
  ['Mexico City', 'MX', 19.4326, -99.1332, 1],
  ['Rio de Janeiro', 'BR', -22.9068, -43.1729, 2],
  ['Buenos Aires', 'AR', -34.6037, -58.3816, 1],
  ['Cape Town', 'ZA', -33.9249, 18.4241, 1],
  ['Marrakesh', 'MA', 31.6295, -7.9811, 1],
  ['Tokyo', 'JP', 35.6762, 139.6503, 2],
  ['Kyoto', 'JP', 35.0116, 135.7681, 1],
  ['Bangkok', 'TH', 13.7563, 100.5018, 1],
  ['Singapore', 'SG', 1.3521, 103.8198, 1],
  ['Sydney', 'AU', -33.8688, 151.2093, 1],
  ['Auckland', 'NZ', -36.8485, 174.7633, 1],
];

const WEIGHTS = CITIES.reduce((sum, city) => sum + city[4], 0);

export interface Place {
  latitudeE7: number;
  longitudeE7: number;
  city: string;
  country: string;
}

/** A place near one of the cities, drawn from `random`. */
export function placeOf(random: () => number): Place {
  let pick = random() * WEIGHTS;
  let city = CITIES[0]!;
  for (const candidate of CITIES) {
    pick -= candidate[4];
    if (pick < 0) {
      city = candidate;
      break;
    }
  }
  // Within about ±5 km of the centre (0.05°), more often near it.
  const spread = 0.05;
  const latitude = city[2] + (random() - 0.5) * 2 * spread * random();
  const longitude = city[3] + (random() - 0.5) * 2 * spread * random();
  return {
    latitudeE7: Math.round(latitude * 1e7),
    longitudeE7: Math.round(longitude * 1e7),
    city: city[0],
    country: city[1],
  };
}

/** Camera make and model: a few of each, as a family's phones and cameras. */
export const CAMERAS: readonly [string, string][] = [
  ['Apple', 'iPhone 13'],
  ['Apple', 'iPhone 15 Pro'],
  ['Google', 'Pixel 7'],
  ['SONY', 'ILCE-7M3'],
  ['SONY', 'DSC-RX100M5'],
  ['Canon', 'Canon EOS R6'],
  ['FUJIFILM', 'X-T4'],
  ['NIKON CORPORATION', 'NIKON Z 6'],
];

export function cameraOf(random: () => number): [string, string] {
  return CAMERAS[Math.floor(random() * CAMERAS.length)]!;
}

interface LocateOptions {
  ownerId: string;
  /** The share of the owner's files placed (0 to 1); the others stay without a place. */
  share?: number;
  seed?: number;
}

/**
 * The places given to the files `ids` (sorted by their bytes, as both engines are asked to):
 * each with the chance `share` a place near one of the cities, drawn from `seed`.
 */
function placesOf(ids: readonly string[], share: number, seed: number): [string, Place][] {
  const random = generator(seed);
  const placed: [string, Place][] = [];
  for (const id of ids) {
    if (random() >= share) continue;
    placed.push([id, placeOf(random)]);
  }
  return placed;
}

/**
 * Gives `share` (0 to 1) of the owner's files in the app's SQLite database (DATA_DIR/app.db) a
 * place near one of the cities, named as the place-naming job names it; the others stay without
 * one. Answers how many were placed.
 */
export function locatePhotos({
  dataDir,
  ownerId,
  share = 1,
  seed = 71,
}: LocateOptions & { dataDir: string }): number {
  const db = new SQLite(path.join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const ids = db
      .prepare('select id from files where owner_id = ? order by id')
      .pluck()
      .all(ownerId) as string[];
    const update = db.prepare(
      `update files set latitude_e7 = ?, longitude_e7 = ?, place_city = ?, place_country = ?,
         place_version = 1 where id = ?`,
    );
    const placed = placesOf(ids, share, seed);
    db.transaction(() => {
      for (const [id, place] of placed) {
        update.run(place.latitudeE7, place.longitudeE7, place.city, place.country, id);
      }
    })();
    db.exec('analyze');
    return placed.length;
  } finally {
    db.close();
  }
}

/**
 * locatePhotos on the app's PostgreSQL database at `databaseUrl`: the same places, written in one
 * statement; then the files vacuumed and analysed, as autovacuum would after so many updates.
 */
export async function locatePhotosPostgres({
  databaseUrl,
  ownerId,
  share = 1,
  seed = 71,
}: LocateOptions & { databaseUrl: string }): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from files where owner_id = $1 order by id collate "C"',
      [ownerId],
    );
    const placed = placesOf(
      rows.map((row) => row.id),
      share,
      seed,
    );
    await client.query(
      `update files set latitude_e7 = placed.latitude_e7, longitude_e7 = placed.longitude_e7,
         place_city = placed.place_city, place_country = placed.place_country, place_version = 1
       from unnest($1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[])
         as placed (id, latitude_e7, longitude_e7, place_city, place_country)
       where files.id = placed.id`,
      [
        placed.map(([id]) => id),
        placed.map(([, place]) => place.latitudeE7),
        placed.map(([, place]) => place.longitudeE7),
        placed.map(([, place]) => place.city),
        placed.map(([, place]) => place.country),
      ],
    );
    await client.query('vacuum analyze files');
    return placed.length;
  } finally {
    await client.end();
  }
}
