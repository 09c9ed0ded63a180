import fs from 'node:fs/promises';
import { MAX_IMAGE_PIXELS } from '@photo/contract';
import { AppError } from '../../../lib/errors.js';
import {
  HeifStructureError,
  readHeifLayout,
  readItem,
  writeItem,
  type HeifLayout,
} from './heif-boxes.js';
import { decodeHeifToJpeg, heifDecoder, HeifDecodeError } from './heif-decode.js';
import { blankXmpGps, exifTiffStart, removeGpsFromTiff, xmpHasGps } from './heif-location.js';
import { contentIdFromExif } from '../media/apple-content-id.js';
import { NO_EXIF_FACTS, readExif, type ExifFacts } from '../media/images.js';
import { placeFromExif, type PlaceTaken } from '../media/location.js';
import type { PreparedMedia } from '../media/sniff-media.js';
import { makePlaceholder } from '../media/placeholder.js';
import { fileCrc32, type ReceivedFile } from '../receive/receive.js';

const unsupported = (message: string, cause?: unknown) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field: 'file', cause });

const UNDECODABLE =
  'The HEIC file could not be decoded: it may be damaged, or its image is coded in a way we cannot read.';

/** HEIF brands that say the image is HEVC-coded (image/heic); others are image/heif. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis']);

/**
 * A HEIF image (HEIC): its container read and checked (its primary image, its size against the
 * pixel limit before anything is decoded), bytes after its last box dropped, its location blanked
 * in place in a copy for everyone but its owner, then decoded once into an upright JPEG: the
 * still every size and the placeholder are made from. The original is kept byte for byte.
 */
export async function prepareHeif(received: ReceivedFile): Promise<PreparedMedia> {
  let layout: HeifLayout;
  try {
    layout = await readHeifLayout(received.path, received.size);
  } catch (error) {
    if (error instanceof HeifStructureError) throw unsupported(error.message, error);
    throw error;
  }
  const { width: codedWidth, height: codedHeight, quarterTurns } = layout.primary;
  if (codedWidth * codedHeight > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The image has too many pixels (${codedWidth} x ${codedHeight}); at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
      { field: 'file' },
    );
  }

  // Bytes after the last box are no part of the image: they are dropped, the image kept as it is.
  if (layout.end < received.size) {
    await fs.truncate(received.path, layout.end);
    received.size = layout.end;
    received.crc32 = await fileCrc32(received.path);
  }
  // The original is kept as uploaded; its location is blanked in a copy, for everyone else
  // (decision 0081), which the still is decoded from (libheif copies the EXIF into it).
  const placeless = `${received.path}.placeless`;
  const still = `${received.path}.still.jpg`;
  const temporaryFiles = [still, placeless];
  await fs.copyFile(received.path, placeless);
  const metadata = await withoutLocation(placeless, layout);
  if (!metadata.changed) await fs.rm(placeless, { force: true });
  const decodedFrom = metadata.changed ? placeless : received.path;

  let decoded: { width: number; height: number };
  try {
    // The command line decoder writes every top-level image of a file that has several: those
    // files go to the WebAssembly decoder, which picks the primary one. So do the files the
    // command refuses (an older libheif-examples refuses the sequence brand msf1 first).
    const decoder = layout.topLevelImages > 1 ? { kind: 'wasm' as const } : await heifDecoder();
    try {
      decoded = await decodeHeifToJpeg(decodedFrom, still, decoder);
    } catch (error) {
      if (!(error instanceof HeifDecodeError) || decoder.kind === 'wasm') throw error;
      decoded = await decodeHeifToJpeg(decodedFrom, still, { kind: 'wasm' });
    }
  } catch (error) {
    await Promise.all(temporaryFiles.map((file) => fs.rm(file, { force: true })));
    if (error instanceof HeifDecodeError) throw unsupported(UNDECODABLE, error);
    throw error;
  }
  // The decoder turned the picture by irot: its size must be the container's, upright.
  const turned = quarterTurns % 2 === 1;
  const expected = turned
    ? { width: codedHeight, height: codedWidth }
    : { width: codedWidth, height: codedHeight };
  if (decoded.width !== expected.width || decoded.height !== expected.height) {
    throw unsupported(UNDECODABLE);
  }
  const placeholder = await makePlaceholder(still);
  return {
    kind: 'photo',
    original: received.path,
    placeless: metadata.changed ? placeless : null,
    place: metadata.place,
    contentType: isHeic(received.head) ? 'image/heic' : 'image/heif',
    width: decoded.width,
    height: decoded.height,
    exif: metadata.facts,
    placeholder,
    thumbnail: null,
    durationMs: null,
    still,
    videoState: null,
    // An iPhone's Live Photo: the identifier its movie also carries.
    contentId: metadata.contentId,
    temporaryFiles,
  };
}

/** image/heic for HEVC-coded HEIF (its brands say so), else image/heif. */
function isHeic(head: Buffer): boolean {
  if (head.length < 12) return false;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  for (let offset = 8; offset + 4 <= boxEnd; offset += offset === 8 ? 8 : 4) {
    if (HEIC_BRANDS.has(head.toString('latin1', offset, offset + 4))) return true;
  }
  return false;
}

/**
 * Reads the EXIF facts (and Apple's content identifier, from its maker note), then removes the
 * location in place: the GPS IFD of the EXIF item, GPS properties of XMP items. EXIF that cannot
 * be read might hold a location: its TIFF data is zeroed whole. Answers the facts and whether a
 * byte changed.
 */
async function withoutLocation(
  file: string,
  layout: HeifLayout,
): Promise<{
  facts: ExifFacts;
  contentId: string | null;
  place: PlaceTaken | null;
  changed: boolean;
}> {
  let facts: ExifFacts = NO_EXIF_FACTS;
  let contentId: string | null = null;
  let place: PlaceTaken | null = null;
  let changed = false;
  if (layout.exif) {
    const item = await readItem(file, layout.exif);
    const start = exifTiffStart(item);
    const tiff = start === null ? item : item.subarray(start);
    const read = readExif(tiff);
    facts = read.facts;
    contentId = contentIdFromExif(tiff);
    place = placeFromExif(tiff);
    if (read.hasGps) {
      let removed: boolean;
      try {
        removed = removeGpsFromTiff(tiff) && !readExif(tiff).hasGps;
      } catch {
        removed = false;
      }
      // What we could not take apart is blanked whole: no location can remain in it.
      if (!removed) tiff.fill(0);
      await writeItem(file, layout.exif, item);
      changed = true;
    }
  }
  for (const data of layout.xmp) {
    const xmp = await readItem(file, data);
    if (!xmpHasGps(xmp)) continue;
    blankXmpGps(xmp);
    if (xmpHasGps(xmp)) xmp.fill(0x20);
    await writeItem(file, data, xmp);
    changed = true;
  }
  return { facts, contentId, place, changed };
}

/**
 * The TIFF data (EXIF) of a HEIF file's primary image, as uploaded (before any location is
 * removed), or null when it has none or is no HEIF file we read. exif-reader reads it as it is.
 */
export async function readHeifExif(file: string): Promise<Buffer | null> {
  try {
    const { size } = await fs.stat(file);
    const layout = await readHeifLayout(file, size);
    if (!layout.exif) return null;
    const item = await readItem(file, layout.exif);
    const start = exifTiffStart(item);
    return start === null ? null : item.subarray(start);
  } catch (error) {
    if (error instanceof HeifStructureError) return null;
    throw error;
  }
}
