import { randomBytes, randomUUID } from 'node:crypto';

/** Id of an album, photo, comment or account. */
export function newId(): string {
  return randomUUID();
}

/** Unguessable id of a stored file (128 random bits): file URLs are capabilities. */
export function newFileId(): string {
  return randomBytes(16).toString('base64url');
}

/** A secret token (256 random bits), e.g. a refresh token or an XSRF token. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
