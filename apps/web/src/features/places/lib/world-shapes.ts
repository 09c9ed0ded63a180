import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';

/**
 * The offline base map: the countries of Natural Earth (world-atlas, 1:110 million) as Leaflet
 * draws them. The shapes are on the sphere, so a country across the 180th meridian (Russia's far
 * east, Fiji) has edges jumping from +180 to −180 and Antarctica's ring goes round the pole; drawn
 * on a flat map they would stripe the world. Each ring is made continuous, closed along the pole
 * when it goes round one, then clipped to −180…180 with its copies a world to the east and west.
 */

type Ring = Position[];

/** The ring with each longitude moved by whole turns to be within 180° of the one before. */
function unwrap(ring: Ring): Ring {
  const out: Ring = [];
  let shift = 0;
  let previous: number | undefined;
  for (const [longitude = 0, latitude = 0] of ring) {
    if (previous !== undefined) {
      const step = longitude + shift - previous;
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    previous = longitude + shift;
    out.push([previous, latitude]);
  }
  return out;
}

/** A ring that goes once round a pole, closed along that pole's edge of the flat map. */
function closeAroundPole(ring: Ring): Ring {
  const first = ring[0];
  const last = ring.at(-1);
  if (!first || !last) return ring;
  const drift = (last[0] ?? 0) - (first[0] ?? 0);
  if (Math.abs(drift) < 180) return ring;
  const meanLatitude = ring.reduce((sum, point) => sum + (point[1] ?? 0), 0) / ring.length;
  const pole = meanLatitude < 0 ? -90 : 90;
  return [...ring, [last[0] ?? 0, pole], [first[0] ?? 0, pole]];
}

/** Sutherland–Hodgman: the part of the ring on the side `inside` of the meridian `edge`. */
function clipAt(ring: Ring, edge: number, inside: (longitude: number) => boolean): Ring {
  const out: Ring = [];
  for (let index = 0; index < ring.length; index += 1) {
    const current = ring[index] ?? [0, 0];
    const previous = ring[(index + ring.length - 1) % ring.length] ?? [0, 0];
    const [x1 = 0, y1 = 0] = previous;
    const [x2 = 0, y2 = 0] = current;
    const crossing = (): Position => [edge, y1 + ((y2 - y1) * (edge - x1)) / (x2 - x1)];
    if (inside(x2)) {
      if (!inside(x1)) out.push(crossing());
      out.push([x2, y2]);
    } else if (inside(x1)) {
      out.push(crossing());
    }
  }
  return out;
}

/** Twice the ring's signed area: a clipped ring of no area is dropped. */
function area(ring: Ring): number {
  let sum = 0;
  for (let index = 0; index < ring.length; index += 1) {
    const [x1 = 0, y1 = 0] = ring[index] ?? [];
    const [x2 = 0, y2 = 0] = ring[(index + 1) % ring.length] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** The ring's part within −180…180 once moved by `shift` degrees; null when none is left. */
function clipped(ring: Ring, shift: number): Ring | null {
  const moved = ring.map(([longitude = 0, latitude = 0]): Position => [
    longitude + shift,
    latitude,
  ]);
  const west = clipAt(moved, -180, (longitude) => longitude >= -180);
  const both = clipAt(west, 180, (longitude) => longitude <= 180);
  return both.length >= 3 && Math.abs(area(both)) > 1e-9 ? both : null;
}

/** A polygon of the sphere as polygons of the flat map, none crossing ±180. */
export function flatPolygons(polygon: Ring[]): Ring[][] {
  const [outer, ...holes] = polygon.map(unwrap);
  if (!outer) return [];
  const closed = closeAroundPole(outer);
  const pieces: Ring[][] = [];
  for (const shift of [-360, 0, 360]) {
    const shell = clipped(closed, shift);
    if (!shell) continue;
    const inner = holes
      .map((hole) => clipped(hole, shift))
      .filter((hole): hole is Ring => hole !== null);
    pieces.push([shell, ...inner]);
  }
  return pieces;
}

/** Leaflet's [latitude, longitude] of a ring. */
const toLatLngs = (ring: Ring): [number, number][] =>
  ring.map(([longitude = 0, latitude = 0]) => [latitude, longitude]);

/** Every country's shape as Leaflet polygons (lists of rings of [latitude, longitude]). */
export function countryPolygons(
  countries: Feature<Polygon | MultiPolygon>[],
): [number, number][][][] {
  const out: [number, number][][][] = [];
  for (const country of countries) {
    const geometry = country.geometry;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) {
      for (const piece of flatPolygons(polygon)) out.push(piece.map(toLatLngs));
    }
  }
  return out;
}

/** Loads the country shapes (their own chunk, about 100 KB, only when the map opens). */
export async function loadCountryPolygons(): Promise<[number, number][][][]> {
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ]);
  const topology = (atlas as { default?: unknown }).default ?? atlas;
  const collection = feature(
    topology as Parameters<typeof feature>[0],
    (topology as { objects: { countries: Parameters<typeof feature>[1] } }).objects.countries,
  ) as unknown as { features: Feature<Polygon | MultiPolygon>[] };
  return countryPolygons(collection.features);
}
