import { randomFillSync, randomUUID } from 'node:crypto';

/**
 * Random bytes drawn from the system 8 KiB at a time, each handed out once, as Node does for
 * randomUUID: one call to the system's generator costs about as much as drawing a whole pool,
 * and an XSRF token is drawn on every answer to a client that sends no cookie.
 */
const pool = Buffer.alloc(8192);
let poolOffset = pool.length;

function randomPart(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const part = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return part;
}

/** Id of an album, photo, comment or account. */
export function newId(): string {
  return randomUUID();
}

/** Unguessable id of a stored file (128 random bits): file URLs are capabilities. */
export function newFileId(): string {
  return randomPart(16).toString('base64url');
}

/** A secret token (256 random bits), e.g. a refresh token or an XSRF token. */
export function newSecret(): string {
  return randomPart(32).toString('base64url');
}

export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
