import fs from 'node:fs/promises';

/**
 * The structure of a HEIF file (ISO/IEC 23008-12 on ISO-BMFF), read without decoding anything:
 * where its top-level boxes end, its primary image item with its size (ispe) and transformations
 * (irot, imir), and where its EXIF and XMP items lie in the file. Only the meta box is read into
 * memory; the media data (mdat) is never read here.
 */
export interface HeifLayout {
  /** Where the last whole top-level box ends: bytes after it are no part of the file. */
  end: number;
  primary: {
    id: number;
    /** 'hvc1' (one coded image), 'grid' (tiles), 'iden' or 'iovl' (derived images). */
    type: string;
    /** The coded size (ispe), before rotation. */
    width: number;
    height: number;
    /** Anticlockwise quarter turns (irot), applied by the decoder. */
    quarterTurns: number;
  };
  /** Image items shown on their own (neither tiles, thumbnails nor auxiliary images). */
  topLevelImages: number;
  /** The EXIF item describing the primary image (its bytes: a 4-byte offset, then TIFF). */
  exif: ItemData | null;
  /** XMP items (MIME items of type application/rdf+xml). */
  xmp: ItemData[];
}

/** Where an item's bytes lie in the file, in order: together they are the item. */
export interface ItemData {
  extents: { offset: number; length: number }[];
  length: number;
}

/** Why a file is not a HEIF image we can read: its message is for people. */
export class HeifStructureError extends Error {}

/** The meta box holds item descriptions only; one larger than this is not a photo's. */
const MAX_META_BYTES = 16 * 1024 * 1024;
/** Image item types the decoders read. */
const IMAGE_ITEM_TYPES = new Set(['hvc1', 'grid', 'iden', 'iovl', 'av01']);
/** References that make an image item part of another (a tile, a thumbnail, a depth map…). */
const NOT_TOP_LEVEL_REFERENCES = new Set(['dimg', 'thmb', 'auxl', 'base']);

interface Box {
  type: string;
  /** Absolute offsets: where the box starts, where its content starts, where it ends. */
  start: number;
  contentStart: number;
  end: number;
}

const damaged = (why: string) =>
  new HeifStructureError(`The HEIC file is damaged or incomplete: ${why}.`);

/**
 * Reads the layout of the HEIF file at `file` (of `fileSize` bytes). Throws HeifStructureError when
 * it is no HEIF image: no ftyp first, no meta box, no primary image item, no size for it, or items
 * whose bytes lie outside the file (truncated).
 */
export async function readHeifLayout(file: string, fileSize: number): Promise<HeifLayout> {
  const handle = await fs.open(file, 'r');
  try {
    const read = async (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    const topLevel: Box[] = [];
    let pos = 0;
    for (;;) {
      const head = await read(pos, 16);
      const box = boxAt(head, 0, fileSize - pos);
      if (!box) break;
      topLevel.push(shift(box, pos));
      pos += box.end;
      if (pos >= fileSize) break;
    }
    if (topLevel[0]?.type !== 'ftyp') throw damaged('it does not start with a file type box');
    // Padding at the end is no part of the image, like any other trailing bytes.
    let last = topLevel.length - 1;
    while (last > 0 && (topLevel[last]!.type === 'free' || topLevel[last]!.type === 'skip')) last--;
    const end = topLevel[last]!.end;
    const metas = topLevel.filter((box) => box.type === 'meta');
    if (metas.length !== 1) throw damaged('it has no image description (meta box)');
    const meta = metas[0]!;
    if (meta.end - meta.start > MAX_META_BYTES) throw damaged('its image description is too large');
    const metaBytes = await read(meta.start, meta.end - meta.start);
    const layout = parseMeta(metaBytes, meta.start, meta.contentStart - meta.start);
    // Every item's bytes must be in the file as it is kept: else it was cut short.
    for (const data of layout.allItems) {
      for (const extent of data.extents) {
        if (extent.offset + extent.length > end) throw damaged('it ends before its image data');
      }
    }
    return {
      end,
      primary: layout.primary,
      topLevelImages: layout.topLevelImages,
      exif: layout.exif,
      xmp: layout.xmp,
    };
  } finally {
    await handle.close();
  }
}

/** The box whose header is at `offset` in `bytes`, within `available` bytes; null if none fits. */
function boxAt(bytes: Buffer, offset: number, available: number): Box | null {
  if (available < 8 || offset + 8 > bytes.length) return null;
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  let size = bytes.readUInt32BE(offset);
  let header = 8;
  if (size === 1) {
    if (offset + 16 > bytes.length) return null;
    const large = bytes.readBigUInt64BE(offset + 8);
    size = large > BigInt(available) ? Infinity : Number(large);
    header = 16;
  } else if (size === 0) {
    size = available;
  }
  if (type === 'uuid') header += 16;
  if (size < header || size > available) return null;
  return { type, start: offset, contentStart: offset + header, end: offset + size };
}

function shift(box: Box, by: number): Box {
  return { ...box, start: box.start + by, contentStart: box.contentStart + by, end: box.end + by };
}

/** The boxes inside `parent`'s content from `from` (within `bytes`); a box that overruns is damage. */
function children(bytes: Buffer, parent: Box, from = parent.contentStart): Box[] {
  const boxes: Box[] = [];
  let pos = from;
  while (pos < parent.end) {
    const box = boxAt(bytes, pos, parent.end - pos);
    if (!box) throw damaged(`a ${parent.type} box holds a broken box`);
    boxes.push(box);
    pos = box.end;
  }
  return boxes;
}

/** A bounds-checked reader over one box's content. */
class Cursor {
  pos: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }
  #need(length: number) {
    if (this.pos + length > this.end) throw damaged('a box ends early');
  }
  u8() {
    this.#need(1);
    return this.bytes.readUInt8(this.pos++);
  }
  u16() {
    this.#need(2);
    const value = this.bytes.readUInt16BE(this.pos);
    this.pos += 2;
    return value;
  }
  u32() {
    this.#need(4);
    const value = this.bytes.readUInt32BE(this.pos);
    this.pos += 4;
    return value;
  }
  /** An unsigned integer of 0, 4 or 8 bytes (iloc's field sizes). */
  uint(size: number) {
    if (size === 0) return 0;
    if (size === 4) return this.u32();
    if (size === 8) {
      this.#need(8);
      const value = this.bytes.readBigUInt64BE(this.pos);
      this.pos += 8;
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged('an item lies beyond any file');
      return Number(value);
    }
    throw damaged('an item location has an invalid field size');
  }
  fourcc() {
    this.#need(4);
    const value = this.bytes.toString('latin1', this.pos, this.pos + 4);
    this.pos += 4;
    return value;
  }
  /** A NUL-terminated UTF-8 string (or the rest of the box when it has no NUL). */
  string() {
    const nul = this.bytes.indexOf(0, this.pos);
    const stop = nul === -1 || nul >= this.end ? this.end : nul;
    const value = this.bytes.toString('utf8', this.pos, stop);
    this.pos = Math.min(this.end, stop + 1);
    return value;
  }
  /** A full box's version and flags. */
  versionAndFlags() {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}

interface ItemLocation {
  constructionMethod: number;
  baseOffset: number;
  extents: { offset: number; length: number }[];
}

/** Item types and MIME content types (iinf). */
function readItemTypes(bytes: Buffer, iinf: Box | undefined) {
  const types = new Map<number, { type: string; contentType: string | null }>();
  if (!iinf) return types;
  const cursor = new Cursor(bytes, iinf.contentStart, iinf.end);
  const version = cursor.versionAndFlags().version;
  if (version === 0) cursor.u16();
  else cursor.u32();
  for (const infe of children(bytes, iinf, cursor.pos)) {
    if (infe.type !== 'infe') continue;
    const entry = new Cursor(bytes, infe.contentStart, infe.end);
    const infeVersion = entry.versionAndFlags().version;
    if (infeVersion < 2) continue;
    const id = infeVersion === 2 ? entry.u16() : entry.u32();
    entry.u16(); // protection index
    const type = entry.fourcc();
    entry.string(); // name
    const contentType = type === 'mime' ? entry.string() : null;
    types.set(id, { type, contentType });
  }
  return types;
}

/** Where each item's bytes are (iloc). */
function readItemLocations(bytes: Buffer, iloc: Box): Map<number, ItemLocation> {
  const locations = new Map<number, ItemLocation>();
  const cursor = new Cursor(bytes, iloc.contentStart, iloc.end);
  const { version } = cursor.versionAndFlags();
  if (version > 2) throw damaged('its item locations are of an unknown version');
  const sizes = cursor.u8();
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const more = cursor.u8();
  const baseOffsetSize = more >> 4;
  const indexSize = version === 1 || version === 2 ? more & 0xf : 0;
  const count = version < 2 ? cursor.u16() : cursor.u32();
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? cursor.u16() : cursor.u32();
    const constructionMethod = version === 1 || version === 2 ? cursor.u16() & 0xf : 0;
    cursor.u16(); // data reference index: 0, this file
    const baseOffset = cursor.uint(baseOffsetSize);
    const extentCount = cursor.u16();
    const extents: ItemLocation['extents'] = [];
    for (let e = 0; e < extentCount; e++) {
      if (indexSize > 0) cursor.uint(indexSize);
      const offset = cursor.uint(offsetSize);
      const length = cursor.uint(lengthSize);
      extents.push({ offset, length });
    }
    locations.set(id, { constructionMethod, baseOffset, extents });
  }
  return locations;
}

/** Item references (iref): which items are parts of others, and what describes what. */
function readReferences(bytes: Buffer, iref: Box | undefined) {
  const references: { type: string; from: number; to: number[] }[] = [];
  if (!iref) return references;
  const cursor = new Cursor(bytes, iref.contentStart, iref.end);
  const wide = cursor.versionAndFlags().version === 1;
  for (const reference of children(bytes, iref, cursor.pos)) {
    const entry = new Cursor(bytes, reference.contentStart, reference.end);
    const from = wide ? entry.u32() : entry.u16();
    const count = entry.u16();
    const to: number[] = [];
    for (let i = 0; i < count; i++) to.push(wide ? entry.u32() : entry.u16());
    references.push({ type: reference.type, from, to });
  }
  return references;
}

/**
 * Properties (iprp: ipco holds them, ipma says which belong to which item): answers those of an
 * item.
 */
function readProperties(bytes: Buffer, iprp: Box | undefined): (id: number) => Box[] {
  if (!iprp) throw damaged('it gives its images no properties');
  const iprpBoxes = children(bytes, iprp);
  const ipco = iprpBoxes.find((box) => box.type === 'ipco');
  if (!ipco) throw damaged('it gives its images no properties');
  const properties = children(bytes, ipco);
  const associated = new Map<number, number[]>();
  for (const ipma of iprpBoxes.filter((box) => box.type === 'ipma')) {
    const cursor = new Cursor(bytes, ipma.contentStart, ipma.end);
    const { version, flags } = cursor.versionAndFlags();
    const count = cursor.u32();
    for (let i = 0; i < count; i++) {
      const id = version < 1 ? cursor.u16() : cursor.u32();
      const associations = cursor.u8();
      const indexes = associated.get(id) ?? [];
      for (let a = 0; a < associations; a++) {
        indexes.push(flags & 1 ? cursor.u16() & 0x7fff : cursor.u8() & 0x7f);
      }
      associated.set(id, indexes);
    }
  }
  return (id: number) =>
    (associated.get(id) ?? [])
      .filter((index) => index > 0 && index <= properties.length)
      .map((index) => properties[index - 1]!);
}

function parseMeta(bytes: Buffer, fileOffset: number, contentOffset: number) {
  const meta: Box = { type: 'meta', start: 0, contentStart: contentOffset, end: bytes.length };
  // meta is a full box: its children follow its version and flags.
  const boxes = children(bytes, meta, meta.contentStart + 4);
  const find = (type: string) => boxes.find((box) => box.type === type);

  const hdlr = find('hdlr');
  if (!hdlr || bytes.toString('latin1', hdlr.contentStart + 8, hdlr.contentStart + 12) !== 'pict') {
    throw damaged('it describes no picture');
  }

  const pitm = find('pitm');
  if (!pitm) throw damaged('it names no primary image');
  const pitmCursor = new Cursor(bytes, pitm.contentStart, pitm.end);
  const primaryId =
    pitmCursor.versionAndFlags().version === 0 ? pitmCursor.u16() : pitmCursor.u32();

  const types = readItemTypes(bytes, find('iinf'));

  // Where each item's bytes are (iloc).
  const iloc = find('iloc');
  if (!iloc) throw damaged('it says nowhere where its image data is');
  const locations = readItemLocations(bytes, iloc);

  // Item data stored in the meta box itself (construction method 1) is in idat.
  const idat = find('idat');
  const itemData = (id: number): ItemData | null => {
    const location = locations.get(id);
    if (!location) return null;
    let base: number;
    let limit: number;
    if (location.constructionMethod === 0) {
      base = location.baseOffset;
      limit = Infinity;
    } else if (location.constructionMethod === 1 && idat) {
      base = fileOffset + idat.contentStart + location.baseOffset;
      limit = fileOffset + idat.end;
    } else {
      throw damaged('an item is stored in a way we cannot read');
    }
    const extents = location.extents.map(({ offset, length }) => ({
      offset: base + offset,
      length,
    }));
    // A length of 0 means "to the end of the file": only meaningful for one extent of media data.
    if (extents.some((extent) => extent.length === 0 || extent.offset + extent.length > limit)) {
      throw damaged('an item has no length or lies outside its box');
    }
    return { extents, length: extents.reduce((sum, extent) => sum + extent.length, 0) };
  };

  const references = readReferences(bytes, find('iref'));

  const propertiesOf = readProperties(bytes, find('iprp'));

  const primaryType = types.get(primaryId)?.type;
  if (!primaryType || !IMAGE_ITEM_TYPES.has(primaryType)) {
    throw damaged('its primary image is missing');
  }
  // A derived image (grid, iden, iovl) has its data in the items it names; a coded one in its own.
  if (primaryType !== 'iden' && !locations.has(primaryId)) {
    throw damaged('its primary image has no data');
  }
  const primaryProperties = propertiesOf(primaryId);
  const ispe = primaryProperties.find((box) => box.type === 'ispe');
  if (!ispe) throw damaged('its primary image has no size');
  const ispeCursor = new Cursor(bytes, ispe.contentStart, ispe.end);
  ispeCursor.versionAndFlags();
  const width = ispeCursor.u32();
  const height = ispeCursor.u32();
  if (!(width > 0 && height > 0)) throw damaged('its primary image has no size');
  const irot = primaryProperties.find((box) => box.type === 'irot');
  const quarterTurns = irot ? bytes.readUInt8(irot.contentStart) & 3 : 0;

  const parts = new Set(
    references
      .filter((ref) => NOT_TOP_LEVEL_REFERENCES.has(ref.type))
      .flatMap((ref) =>
        // A thumbnail or an auxiliary image refers to its master; a derived image to its parts.
        ref.type === 'dimg' || ref.type === 'base' ? ref.to : [ref.from],
      ),
  );
  const topLevelImages = [...types].filter(
    ([id, { type }]) => IMAGE_ITEM_TYPES.has(type) && !parts.has(id),
  ).length;

  // The EXIF item that describes the primary image (cdsc), else the only one there is.
  const exifIds = [...types].filter(([, { type }]) => type === 'Exif').map(([id]) => id);
  const describing = exifIds.find((id) =>
    references.some((ref) => ref.type === 'cdsc' && ref.from === id && ref.to.includes(primaryId)),
  );
  const exifId = describing ?? (exifIds.length === 1 ? exifIds[0] : undefined);
  const xmpIds = [...types]
    .filter(([, { type, contentType }]) => type === 'mime' && contentType === 'application/rdf+xml')
    .map(([id]) => id);

  const allItems: ItemData[] = [];
  for (const id of locations.keys()) {
    const data = itemData(id);
    if (data) allItems.push(data);
  }
  return {
    primary: { id: primaryId, type: primaryType, width, height, quarterTurns },
    topLevelImages,
    exif: exifId === undefined ? null : itemData(exifId),
    xmp: xmpIds.map(itemData).filter((data): data is ItemData => data !== null),
    allItems,
  };
}

/** Reads an item's bytes from the file. */
export async function readItem(file: string, data: ItemData): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(data.length);
    let at = 0;
    for (const { offset, length } of data.extents) {
      await handle.read(buffer, at, length, offset);
      at += length;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Writes an item's bytes back in place (the same length): every other byte stays as it was. */
export async function writeItem(file: string, data: ItemData, bytes: Buffer): Promise<void> {
  if (bytes.length !== data.length) throw new Error('an item is written back at its own length');
  const handle = await fs.open(file, 'r+');
  try {
    let at = 0;
    for (const { offset, length } of data.extents) {
      await handle.write(bytes, at, length, offset);
      at += length;
    }
  } finally {
    await handle.close();
  }
}
