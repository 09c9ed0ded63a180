import { describe, expect, it } from 'vitest';
import { flatPolygons, loadCountryPolygons } from './world-shapes';

const longitudes = (pieces: number[][][][]) =>
  pieces.flatMap((polygon) => polygon.flatMap((ring) => ring.map(([longitude = 0]) => longitude)));

describe('country shapes on a flat map', () => {
  it('cuts a shape across the 180th meridian into a piece on each edge, none wider than the world', () => {
    // Fiji-like: from 179°E to 179°W, across the meridian.
    const pieces = flatPolygons([
      [
        [179, -16],
        [-179, -16],
        [-179, -17],
        [179, -17],
        [179, -16],
      ],
    ]);
    expect(pieces).toHaveLength(2);
    for (const piece of pieces) {
      const [shell = []] = piece;
      const xs = shell.map(([longitude = 0]) => longitude);
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(1);
    }
    expect(Math.min(...longitudes(pieces))).toBe(-180);
    expect(Math.max(...longitudes(pieces))).toBe(180);
  });

  it('closes a ring round the South Pole along the bottom of the map', () => {
    const ring = [-180, -90, 0, 90, 180].map((longitude) => [longitude, -70]);
    const pieces = flatPolygons([ring.slice(0, -1).concat([[-180 + 360, -70]])]);
    const all = pieces.flatMap((polygon) => polygon.flat());
    expect(Math.min(...all.map(([, latitude = 0]) => latitude))).toBe(-90);
    expect(Math.min(...longitudes(pieces))).toBeGreaterThanOrEqual(-180);
    expect(Math.max(...longitudes(pieces))).toBeLessThanOrEqual(180);
  });

  it("draws Natural Earth's countries within −180…180, Russia and Fiji included", async () => {
    const polygons = await loadCountryPolygons();
    expect(polygons.length).toBeGreaterThan(170);
    for (const polygon of polygons) {
      for (const ring of polygon) {
        for (let index = 1; index < ring.length; index += 1) {
          const [fromLatitude = 0, a = 0] = ring[index - 1] ?? [];
          const [toLatitude = 0, b = 0] = ring[index] ?? [];
          // No edge runs across the map (a band would), but along a pole's edge of it.
          const alongPole = Math.abs(fromLatitude) === 90 && fromLatitude === toLatitude;
          if (!alongPole) expect(Math.abs(a - b)).toBeLessThan(180);
        }
        for (const [, longitude = 0] of ring) {
          expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
        }
      }
    }
  });
});
