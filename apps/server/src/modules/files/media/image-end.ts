import fs, { type FileHandle } from 'node:fs/promises';
import type { ImageFormat } from './images.js';

/**
 * Where an image's own data ends in its file: after JPEG's EOI, PNG's IEND chunk, GIF's trailer,
 * the RIFF size of WebP, the last ISO-BMFF box of AVIF. Whatever follows is not part of the image
 * (a decoder never reads it) and is dropped before the file is stored.
 *
 * Only the structure is read (marker and chunk lengths, GIF sub-block sizes), never pixels, in
 * windows of 64 KiB. When the structure is broken or ends early, the whole file's length is
 * answered: the decoder then judges the file as it is.
 */
export async function findImageEnd(
  file: string,
  format: ImageFormat,
  fileSize: number,
): Promise<number> {
  const handle = await fs.open(file, 'r');
  try {
    const reader = new WindowReader(handle, fileSize);
    const end = await ENDS[format](reader);
    return Math.min(end, fileSize);
  } finally {
    await handle.close();
  }
}

const WINDOW_BYTES = 64 * 1024;

/** Reads a file at any offset through one window of bytes, refilled when a read falls outside. */
class WindowReader {
  readonly size: number;
  readonly #handle: FileHandle;
  #window = Buffer.alloc(WINDOW_BYTES);
  #start = 0;
  #length = 0;

  constructor(handle: FileHandle, size: number) {
    this.#handle = handle;
    this.size = size;
  }

  /** `length` bytes (at most the window) at `offset`, or null when the file ends before them. */
  async bytes(offset: number, length: number): Promise<Buffer | null> {
    if (offset < 0 || offset + length > this.size) return null;
    if (offset < this.#start || offset + length > this.#start + this.#length) {
      const { bytesRead } = await this.#handle.read(this.#window, 0, WINDOW_BYTES, offset);
      this.#start = offset;
      this.#length = bytesRead;
      if (bytesRead < length) return null;
    }
    return this.#window.subarray(offset - this.#start, offset - this.#start + length);
  }

  async byte(offset: number): Promise<number | null> {
    const b = await this.bytes(offset, 1);
    return b ? b[0]! : null;
  }

  /** The window from `offset` on (up to its end), for scans; empty at the end of the file. */
  async from(offset: number): Promise<Buffer> {
    const length = Math.min(WINDOW_BYTES, this.size - offset);
    if (length <= 0) return Buffer.alloc(0);
    return (await this.bytes(offset, length)) ?? Buffer.alloc(0);
  }
}

const ENDS: Record<ImageFormat, (reader: WindowReader) => Promise<number>> = {
  jpeg: jpegEnd,
  png: pngEnd,
  gif: gifEnd,
  webp: webpEnd,
  avif: isoBmffEnd,
};

/** Markers without a length: SOI, TEM, RST0–RST7. */
const isStandalone = (marker: number) =>
  marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: segments with a length up to each start of scan, entropy-coded data (where a 0xFF byte is
 * always followed by 0x00 or a restart marker) up to the next marker, until EOI. An EXIF thumbnail
 * inside an APP1 segment has its own EOI; walking by lengths never stops there.
 */
async function jpegEnd(reader: WindowReader): Promise<number> {
  let pos = 2;
  for (;;) {
    const head = await reader.bytes(pos, 2);
    if (!head) return reader.size;
    if (head[0] !== 0xff) {
      // Stray bytes between segments: decoders skip to the next 0xFF, and so do we.
      const next = await nextByte(reader, pos, 0xff);
      if (next === null) return reader.size;
      pos = next;
      continue;
    }
    const marker = head[1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return pos + 2;
    if (isStandalone(marker)) {
      pos += 2;
      continue;
    }
    const lengthBytes = await reader.bytes(pos + 2, 2);
    if (!lengthBytes) return reader.size;
    const length = lengthBytes.readUInt16BE(0);
    if (length < 2) return reader.size;
    pos += 2 + length;
    if (marker === 0xda) {
      const next = await nextMarkerAfterScan(reader, pos);
      if (next === null) return reader.size;
      pos = next;
    }
  }
}

/** The offset of the next byte `value` at or after `start`, or null. */
async function nextByte(
  reader: WindowReader,
  start: number,
  value: number,
): Promise<number | null> {
  for (let pos = start; ;) {
    const window = await reader.from(pos);
    if (window.length === 0) return null;
    const i = window.indexOf(value);
    if (i !== -1) return pos + i;
    pos += window.length;
  }
}

/** The offset of the first marker after entropy-coded data that starts at `pos`, or null. */
async function nextMarkerAfterScan(reader: WindowReader, start: number): Promise<number | null> {
  let pos = start;
  for (;;) {
    const window = await reader.from(pos);
    if (window.length < 2) return null;
    let i = window.indexOf(0xff);
    while (i !== -1 && i + 1 < window.length) {
      const following = window[i + 1]!;
      if (following !== 0x00 && !(following >= 0xd0 && following <= 0xd7)) return pos + i;
      i = window.indexOf(0xff, i + 1);
    }
    // Look again from the last byte, in case a 0xFF ends this window.
    pos += window.length - 1;
  }
}

const PNG_CHUNK_MAX = 0x7fffffff;

/** PNG: chunks (length, type, data, CRC) after the 8-byte signature, until IEND. */
async function pngEnd(reader: WindowReader): Promise<number> {
  let pos = 8;
  for (;;) {
    const head = await reader.bytes(pos, 8);
    if (!head) return reader.size;
    const length = head.readUInt32BE(0);
    if (length > PNG_CHUNK_MAX) return reader.size;
    const next = pos + 12 + length;
    if (head.toString('latin1', 4, 8) === 'IEND') return next;
    if (next > reader.size) return reader.size;
    pos = next;
  }
}

/**
 * GIF: header, logical screen and global colour table, then extensions (0x21) and images (0x2C)
 * made of length-prefixed sub-blocks, until the trailer (0x3B). A byte that starts none of these
 * ends the image as well: decoders stop there.
 */
async function gifEnd(reader: WindowReader): Promise<number> {
  const screen = await reader.bytes(6, 7);
  if (!screen) return reader.size;
  let pos = 13 + colourTableBytes(screen[4]!);
  for (;;) {
    const introducer = await reader.byte(pos);
    if (introducer === null) return reader.size;
    if (introducer === 0x3b) return pos + 1;
    if (introducer === 0x21) {
      pos += 2;
    } else if (introducer === 0x2c) {
      const descriptor = await reader.bytes(pos, 10);
      if (!descriptor) return reader.size;
      pos += 10 + colourTableBytes(descriptor[9]!) + 1; // + LZW minimum code size
    } else {
      return pos;
    }
    const next = await skipSubBlocks(reader, pos);
    if (next === null) return reader.size;
    pos = next;
  }
}

/** Bytes of the colour table a GIF's packed flags announce (none without the top bit). */
const colourTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);

async function skipSubBlocks(reader: WindowReader, start: number): Promise<number | null> {
  let pos = start;
  for (;;) {
    const size = await reader.byte(pos);
    if (size === null) return null;
    pos += 1 + size;
    if (size === 0) return pos;
  }
}

/** WebP: a RIFF container whose header gives the size of all that follows it. */
async function webpEnd(reader: WindowReader): Promise<number> {
  const head = await reader.bytes(0, 8);
  if (!head) return reader.size;
  const riffSize = head.readUInt32LE(4);
  return 8 + riffSize + (riffSize % 2);
}

/**
 * AVIF: top-level ISO-BMFF boxes (size, type), up to the last whole box that is not padding
 * (free/skip). A box of size 0 runs to the end of the file.
 */
async function isoBmffEnd(reader: WindowReader): Promise<number> {
  let pos = 0;
  let end = 0;
  for (;;) {
    const head = await reader.bytes(pos, 8);
    if (!head) break;
    const type = head.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) break;
    let boxSize = head.readUInt32BE(0);
    if (boxSize === 0) return reader.size;
    if (boxSize === 1) {
      const large = await reader.bytes(pos + 8, 8);
      if (!large) break;
      const value = large.readBigUInt64BE(0);
      boxSize = value > BigInt(reader.size) ? Infinity : Number(value);
    }
    // A box that does not fit is not one: the image's boxes ended before it.
    if (boxSize < 8 || pos + boxSize > reader.size) break;
    pos += boxSize;
    if (type !== 'free' && type !== 'skip') end = pos;
  }
  return end > 0 ? end : reader.size;
}
