import exifReader from 'exif-reader';

/**
 * Where a photo or video was taken, as its file says (decision 0081): degrees, and metres above
 * sea level when it says so. Kept on the file's row, shown to whoever may see the place.
 */
export interface PlaceTaken {
  latitude: number;
  longitude: number;
  altitude: number | null;
}

/** The place as the row stores it: degrees times 10^7, altitude in centimetres. */
export function placeColumns(place: PlaceTaken | null) {
  return {
    latitude_e7: place ? Math.round(place.latitude * 1e7) : null,
    longitude_e7: place ? Math.round(place.longitude * 1e7) : null,
    altitude_cm: place?.altitude == null ? null : Math.round(place.altitude * 100),
  };
}

function validPlace(latitude: number, longitude: number, altitude: number | null) {
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
  const height = altitude !== null && Number.isFinite(altitude) ? altitude : null;
  // Beyond these no photo is taken: a broken value, dropped rather than stored.
  return {
    latitude,
    longitude,
    altitude: height !== null && Math.abs(height) < 100_000 ? height : null,
  };
}

/** Degrees from EXIF's [degrees, minutes, seconds], or null when it is not that. */
function degreesOf(value: unknown): number | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const [d = 0, m = 0, s = 0] = value.map(Number);
  const degrees = d + m / 60 + s / 3600;
  return Number.isFinite(degrees) ? degrees : null;
}

function refOf(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('latin1').trim();
  return typeof value === 'string' ? value.trim() : '';
}

/** The place in raw EXIF (its GPS IFD), or null when it names none we can read. */
export function placeFromExif(raw: Buffer | null | undefined): PlaceTaken | null {
  if (!raw || raw.length === 0) return null;
  let gps: Record<string, unknown>;
  try {
    gps = exifReader(raw).GPSInfo ?? {};
  } catch {
    return null;
  }
  const latitude = degreesOf(gps.GPSLatitude);
  const longitude = degreesOf(gps.GPSLongitude);
  if (latitude === null || longitude === null) return null;
  const south = refOf(gps.GPSLatitudeRef).toUpperCase().startsWith('S');
  const west = refOf(gps.GPSLongitudeRef).toUpperCase().startsWith('W');
  const rawAltitude = typeof gps.GPSAltitude === 'number' ? gps.GPSAltitude : null;
  const below =
    Number(Buffer.isBuffer(gps.GPSAltitudeRef) ? gps.GPSAltitudeRef[0] : gps.GPSAltitudeRef) === 1;
  return validPlace(
    south ? -latitude : latitude,
    west ? -longitude : longitude,
    rawAltitude === null ? null : below ? -rawAltitude : rawAltitude,
  );
}

/**
 * The place in an ISO 6709 text, as videos carry it (QuickTime's ©xyz, Apple's
 * com.apple.quicktime.location.ISO6709): "+48.8584+002.2945+035.000/"; null when it is not one.
 */
export function placeFromIso6709(text: string): PlaceTaken | null {
  const match = /^\s*([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)?/.exec(text);
  if (!match) return null;
  return validPlace(Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : null);
}
