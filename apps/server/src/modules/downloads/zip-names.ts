import { extensionOfType } from '../../lib/media-types.js';

/** What names a photo's entry in a zip: its original name when one is kept, else its date and type. */
export interface ZipNameSource {
  /** The file's name as uploaded, when the server keeps one. */
  originalName?: string | null | undefined;
  /** Date taken, else date added (ISO-8601, UTC). */
  date: string;
  contentType: string;
}

/** At most this many characters of a name (most file systems take 255 bytes). */
const NAME_MAX = 120;

/**
 * A name safe in every file system a zip is opened on: no folders (slashes), no control
 * characters, none of the characters Windows refuses, no leading dots or trailing dots and spaces.
 */
function safeName(name: string): string {
  const cleaned = [...name.normalize('NFC')]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' ? '_' : char))
    .join('')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  return [...cleaned].slice(0, NAME_MAX).join('');
}

/** "2024-07-14 10.30.00.jpg": the date in UTC, then the extension of the content type. */
function dateName(date: string, contentType: string): string {
  const when = new Date(date);
  const stamp = Number.isNaN(when.getTime())
    ? 'photo'
    : when.toISOString().slice(0, 19).replace('T', ' ').replaceAll(':', '.');
  return `${stamp}.${extensionOfType(contentType)}`;
}

/** A photo's name in a zip: its original name when it has one, else its date and extension. */
export function zipEntryName(source: ZipNameSource): string {
  const original = source.originalName ? safeName(source.originalName) : '';
  return original || dateName(source.date, source.contentType);
}

/**
 * A Live Photo's movie, named like its picture's entry: that name's stem and the movie's own
 * extension as uploaded ("IMG_0001.HEIC" and IMG_0001.MOV give "IMG_0001.MOV"), else its type's.
 */
export function motionEntryName(
  stillName: string,
  motion: { originalName?: string | null | undefined; contentType: string },
): string {
  const dot = stillName.lastIndexOf('.');
  const stem = dot > 0 ? stillName.slice(0, dot) : stillName;
  const original = motion.originalName ? safeName(motion.originalName) : '';
  const own = /\.[A-Za-z0-9]{1,5}$/.exec(original)?.[0];
  return `${stem}${own ?? `.${extensionOfType(motion.contentType)}`}`;
}

/**
 * Names every entry once: a name already given gets " (2)", " (3)"… before its extension,
 * compared without regard to case (as Windows and macOS open them).
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
      candidate = `${stem} (${n})${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The Content-Disposition of a zip download named `name` (an album's name; ".zip" is added): the
 * name as UTF-8 (RFC 6266 filename*), and an ASCII stand-in for old clients.
 */
export function zipDisposition(name: string): string {
  const base = safeName(name) || 'photos';
  const ascii = base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(`${base}.zip`).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.zip"; filename*=UTF-8''${encoded}`;
}

/** "photos-2026-11-27": the name of a zip of chosen photos, made on that day (UTC). */
export function photosZipName(now: Date): string {
  return `photos-${now.toISOString().slice(0, 10)}`;
}
