import type { CardImageSize, ImageSize, PLAYBACK_SIZE } from '@photo/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { AppError } from '../../../lib/errors.js';
import type { ByteRange } from '../../../storage/blob-store.js';
import { ImageCache } from './image-cache.js';
import { findFileToServe, type FileToServe } from './serve.js';

/** Ids never change content: caches may keep the bytes for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How long a presigned URL of the bucket reads the blob (S3_PRESIGN). */
const PRESIGNED_SECONDS = 300;

/** Derived images above this are streamed from the blob store each time, never kept in memory. */
const CACHED_IMAGE_MAX_BYTES = 256 * 1024;

/** What files/show is asked: the file's id, and the query the route declares. */
export type ShowFileRequest = FastifyRequest<{
  Params: { id: string };
  Querystring: {
    size?: ImageSize | CardImageSize | typeof PLAYBACK_SIZE | undefined;
    exp?: number | undefined;
    sig?: string | undefined;
    v?: number | undefined;
    download?: '1' | undefined;
  };
}>;

type ShowDeps = Pick<AppDeps, 'db' | 'pictureSigner' | 'clock' | 'blobStore' | 'config'>;

/**
 * The one byte range a Range header asks for; undefined when it names none we answer (absent,
 * another unit, several ranges, or malformed: then the whole file is sent, as RFC 9110 allows).
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined;
  return { start, end };
}

/** Whether an If-None-Match header matches the ETag (weak comparison, as RFC 9110 says for it). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/** The headers of every answer of files/show for these bytes. */
function headersOf(served: FileToServe, download: boolean) {
  return {
    etag: served.etag,
    'cache-control':
      served.maxAgeSeconds === null
        ? IMMUTABLE
        : served.maxAgeSeconds === 0
          ? 'no-cache'
          : `public, max-age=${served.maxAgeSeconds}, immutable`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    // Pages of this site (the app, or its dev server on another port) may show it.
    'cross-origin-resource-policy': 'same-site',
    ...(download ? { 'content-disposition': `attachment; filename="${served.downloadName}"` } : {}),
  };
}

type ShowHeaders = ReturnType<typeof headersOf>;

/**
 * When the bucket serves the bytes (S3_PRESIGN; docs/deploy.md: what this gives up): a redirect to
 * a presigned URL. Undefined when this server sends them.
 */
async function redirectToBucket(
  deps: ShowDeps,
  served: FileToServe,
  headers: ShowHeaders,
  download: boolean,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (!deps.config.s3?.presign || !deps.blobStore.presignedUrl) return undefined;
  const url = await deps.blobStore.presignedUrl(served.key, {
    expiresInSeconds: PRESIGNED_SECONDS,
    contentType: served.contentType,
    cacheControl: IMMUTABLE,
    ...(download ? { contentDisposition: `attachment; filename="${served.downloadName}"` } : {}),
  });
  return reply
    .status(302)
    .headers({
      ...headers,
      'cache-control':
        served.maxAgeSeconds === 0 ? 'no-cache' : `private, max-age=${PRESIGNED_SECONDS / 2}`,
    })
    .redirect(url);
}

function missingBlob(request: ShowFileRequest, served: FileToServe): AppError {
  request.log.error({ fileId: request.params.id, key: served.key }, 'stored file has no blob');
  return new AppError('FILE_NOT_FOUND', 'The file was not found.');
}

/** One byte range of an original or a video: 206 with it, or 416 past the end. */
async function sendRange(
  deps: ShowDeps,
  request: ShowFileRequest,
  reply: FastifyReply,
  served: FileToServe,
  headers: ShowHeaders,
  range: ByteRange,
) {
  const part = await deps.blobStore.readRange(served.key, range);
  if (!part) throw missingBlob(request, served);
  if (!part.stream) {
    return reply
      .status(416)
      .headers({ ...headers, 'accept-ranges': 'bytes' })
      .header('content-range', `bytes */${part.size}`)
      .send();
  }
  return reply
    .status(206)
    .headers({ ...headers, 'accept-ranges': 'bytes' })
    .type(served.contentType)
    .header('content-range', `bytes ${part.start}-${part.end}/${part.size}`)
    .header('content-length', part.end - part.start + 1)
    .send(part.stream);
}

/** The whole blob; a small derived size is kept in the cache on its way. */
async function sendWhole(
  deps: ShowDeps,
  imageCache: ImageCache,
  request: ShowFileRequest,
  reply: FastifyReply,
  served: FileToServe,
  headers: ShowHeaders,
) {
  const blob = await deps.blobStore.read(served.key);
  if (!blob) throw missingBlob(request, served);
  if (served.derived && imageCache.accepts(blob.size)) {
    const bytes = Buffer.concat(await blob.stream.toArray());
    imageCache.set(served.key, bytes);
    return sendBytes(reply, headers, served.contentType, bytes);
  }
  return reply
    .headers(served.derived ? headers : { ...headers, 'accept-ranges': 'bytes' })
    .type(served.contentType)
    .header('content-length', blob.size)
    .send(blob.stream);
}

/** Bytes held in memory (a derived size, read now or from the cache), with their length. */
function sendBytes(
  reply: FastifyReply,
  headers: Record<string, string>,
  contentType: string,
  bytes: Buffer,
) {
  return reply
    .headers(headers)
    .type(contentType)
    .header('content-length', bytes.length)
    .send(bytes);
}

/**
 * Answers files/show: 304 when the client has these bytes, a redirect to the bucket when it
 * presigns, else the bytes (a derived size from the memory cache when it is there; one byte range
 * of an original or a video when asked).
 */
async function showFile(
  deps: ShowDeps,
  imageCache: ImageCache,
  request: ShowFileRequest,
  reply: FastifyReply,
) {
  const served = await findFileToServe(deps, request.params.id, request.query);
  const download = request.query.download === '1';
  const headers = headersOf(served, download);
  if (matchesEtag(request.headers['if-none-match'], served.etag)) {
    return reply.status(304).headers(headers).send();
  }
  const redirected = await redirectToBucket(deps, served, headers, download, reply);
  if (redirected) return redirected;
  // The row was read and access decided just now (404 above for a deleted file or a missing
  // signature); derived bytes never change.
  const cached = served.derived ? imageCache.get(served.key) : undefined;
  if (cached) return sendBytes(reply, headers, served.contentType, cached);
  // Originals and videos answer range requests (a video element seeks with them); an
  // If-Range naming other bytes than these asks for the whole file.
  const ifRange = request.headers['if-range'];
  const range =
    served.derived || (ifRange !== undefined && ifRange !== served.etag)
      ? undefined
      : parseRangeHeader(request.headers.range);
  if (range) return sendRange(deps, request, reply, served, headers, range);
  return sendWhole(deps, imageCache, request, reply, served, headers);
}

/** The files/show handler of an app: its own memory cache of small derived sizes. */
export function fileShow(deps: ShowDeps) {
  const imageCache = new ImageCache(deps.config.imageCacheBytes, CACHED_IMAGE_MAX_BYTES);
  return (request: ShowFileRequest, reply: FastifyReply) =>
    showFile(deps, imageCache, request, reply);
}
