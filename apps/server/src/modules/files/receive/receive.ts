import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { finished, pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors.js';
import { SNIFF_BYTES } from '../media/images.js';

/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

/** An upload received into a temporary file. */
export interface ReceivedFile {
  /** The temporary file; whoever receives this object removes it. */
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** CRC-32 of the bytes (unsigned), taken in the same pass. */
  crc32: number;
  /** The first bytes, for sniffing the format. */
  head: Buffer;
  /** The part's file name, as a name to search by (see originalName); null when it has none. */
  originalName: string | null;
}

/** At most this many characters of an upload's file name are kept. */
export const ORIGINAL_NAME_MAX = 255;

/**
 * The name to keep of a multipart part's filename: its last path segment (either slash), control
 * characters removed, trimmed, at most ORIGINAL_NAME_MAX characters; null when nothing is left.
 */
export function originalName(filename: string | undefined): string | null {
  if (!filename) return null;
  const base = filename.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const kept = Array.from(clean).slice(0, ORIGINAL_NAME_MAX).join('').trim();
  return kept === '' ? null : kept;
}

/** Makes the folder for uploads being received (files.sweeper.ts removes what crashes leave there). */
export async function prepareUploadTmpDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
}

/** 413: the file is over the limit of its kind. */
export const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${formatBytes(maxBytes)} is accepted.`,
    { field: UPLOAD_FIELD },
  );

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Errors of the multipart parser that are the client's fault become a 400; Fastify's keep their code. */
function clientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  return new AppError(
    'VALIDATION_FAILED',
    `The body is not valid multipart/form-data (${(error as Error).message ?? 'unreadable'}).`,
    { cause: error },
  );
}

/** CRC-32 (unsigned) of a file's bytes, read as a stream. */
export async function fileCrc32(filePath: string): Promise<number> {
  let checksum = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
    checksum = crc32(chunk as Buffer, checksum);
  }
  return checksum >>> 0;
}

/**
 * Streams the multipart field "file" into a temporary file under tmpDir while hashing (SHA-256 and
 * CRC-32) and counting it: the file is never held in memory. Other parts are read and dropped. Refuses a body that is
 * not multipart (415), has no file (400), an empty file (400) or one over maxBytes (413), leaving
 * nothing behind.
 */
export async function receiveFilePart(
  request: FastifyRequest,
  options: {
    tmpDir: string;
    maxBytes: number;
    /** Given each text field of the form (by default they are dropped). */
    onField?: (name: string, value: string) => void;
  },
): Promise<ReceivedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the image as multipart/form-data, in a field named "${UPLOAD_FIELD}".`,
      { field: UPLOAD_FIELD },
    );
  }
  const parts = request.parts({
    limits: {
      fileSize: options.maxBytes,
      files: 3,
      fields: 20,
      parts: 25,
      fieldSize: 64 * 1024,
      headerPairs: 100,
    },
  });
  let received: ReceivedFile | undefined;
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw clientError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') {
        if (typeof part.value === 'string') options.onField?.(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || received) {
        await drain(part.file);
        continue;
      }
      received = {
        ...(await writeToTempFile(part.file, options.tmpDir)),
        originalName: originalName(part.filename),
      };
      if (part.file.truncated) throw tooLarge(options.maxBytes);
    }
    if (!received) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The upload carries no file: send it in a multipart field named "${UPLOAD_FIELD}".`,
        { field: UPLOAD_FIELD },
      );
    }
    if (received.size === 0) {
      throw new AppError('VALIDATION_FAILED', 'The file is empty.', { field: UPLOAD_FIELD });
    }
    return received;
  } catch (error) {
    if (received) await fs.rm(received.path, { force: true });
    throw error;
  }
}

/** The body ends inside the part: the parser destroyed it, maybe before we got to read it. */
const brokenOff = () => clientError(new Error('the body ends inside a file'));

async function drain(source: Readable): Promise<void> {
  if (source.destroyed) throw brokenOff();
  source.resume();
  await finished(source).catch((error: unknown) => {
    throw clientError(error);
  });
}

/** A pass-through that takes SHA-256, CRC-32, size and head of what flows through it. */
function hashingTap() {
  const hash = createHash('sha256');
  let checksum = 0;
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      checksum = crc32(chunk, checksum);
      size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        const slice = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(Buffer.from(slice));
        headLength += slice.length;
      }
      callback(null, chunk);
    },
  });
  return {
    stream,
    result: (file: string): Omit<ReceivedFile, 'originalName'> => ({
      path: file,
      size,
      sha256: hash.digest('hex'),
      crc32: checksum >>> 0,
      head: Buffer.concat(head),
    }),
  };
}

async function writeToTempFile(
  source: Readable,
  dir: string,
): Promise<Omit<ReceivedFile, 'originalName'>> {
  // A pipeline from an already destroyed stream would wait forever.
  if (source.destroyed) throw brokenOff();
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.upload`);
  const tap = hashingTap();
  try {
    await pipeline(source, tap.stream, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await fs.rm(file, { force: true });
    // The disk's errors are ours (500); the others mean the upload broke off or was malformed.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw clientError(error);
  }
  return tap.result(file);
}

/**
 * A whole upload that arrived another way (a finished resumable upload) as a received file, its
 * hashes and head taken in one streaming read: of the file itself when it is already on this disk
 * (`source` absent: the file is then the caller's to hand over), else of `source`, written to a
 * temporary file under tmpDir as it is read.
 */
export async function receiveWholeUpload(options: {
  file: string;
  source?: Readable;
  filename: string | undefined;
}): Promise<ReceivedFile> {
  const tap = hashingTap();
  try {
    if (options.source) {
      await pipeline(
        options.source,
        tap.stream,
        createWriteStream(options.file, { flags: 'wx', mode: 0o600 }),
      );
    } else {
      await pipeline(
        createReadStream(options.file, { highWaterMark: 1024 * 1024 }),
        tap.stream,
        new Writable({ write: (_chunk, _encoding, callback) => callback() }),
      );
    }
  } catch (error) {
    await fs.rm(options.file, { force: true });
    throw error;
  }
  return { ...tap.result(options.file), originalName: originalName(options.filename) };
}
