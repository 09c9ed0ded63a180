import type { ExifFacts } from './images.js';

/**
 * Which reading of an original's metadata a file's row holds (files.facts_version): 1 reads the
 * time zone of the date taken, the lens and the exposure besides the date and the camera. Rows of
 * files stored before hold 0 until the background pass reads their originals again.
 */
export const FACTS_VERSION = 1;

/** The lens and exposure facts as the file's row stores them (integers both engines keep alike). */
export function captureColumns(facts: ExifFacts) {
  const times = (value: number | null, factor: number) =>
    value === null ? null : Math.round(value * factor);
  return {
    taken_offset_minutes: facts.takenOffsetMinutes,
    lens: facts.lens,
    f_number_e2: times(facts.fNumber, 100),
    exposure_ns: times(facts.exposureSeconds, 1e9),
    iso: facts.iso,
    focal_length_e2: times(facts.focalLength, 100),
    focal_length_35mm: facts.focalLength35mm,
    facts_version: FACTS_VERSION,
  };
}
