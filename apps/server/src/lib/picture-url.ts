import { FILES_SHOW_PATH } from '@photo/contract';
import { AppError } from './errors.js';
import { FILE_ID_PATTERN } from './ids.js';

/** The URL clients use for a stored file: the show address plus the file id. */
export function pictureUrl(fileId: string, publicUrl: string | undefined): string {
  return `${publicUrl ?? ''}${FILES_SHOW_PATH}${fileId}`;
}

/**
 * Reads the file id out of a picture URL. Accepted: relative ("/api/files/show/ID"), or absolute on
 * this server's origin (the request's, or PUBLIC_URL). Anything else is refused with 400.
 */
export function fileIdFromPictureUrl(
  url: string,
  field: string,
  origins: readonly string[],
): string {
  const refuse = () =>
    new AppError(
      'INVALID_PICTURE_URL',
      `${field} must be the address of a file stored here (${FILES_SHOW_PATH}{id}).`,
      { field },
    );
  let parsed: URL;
  try {
    parsed = new URL(url, 'relative://local');
  } catch {
    throw refuse();
  }
  const isRelative =
    parsed.protocol === 'relative:' && parsed.host === 'local' && /^\/(?![/\\])/.test(url);
  const sameOrigin = origins.some((origin) => {
    try {
      return new URL(origin).origin === parsed.origin;
    } catch {
      return false;
    }
  });
  if (!isRelative && !sameOrigin) throw refuse();
  if (parsed.search || parsed.hash || !parsed.pathname.startsWith(FILES_SHOW_PATH)) throw refuse();
  const id = parsed.pathname.slice(FILES_SHOW_PATH.length);
  if (!FILE_ID_PATTERN.test(id)) throw refuse();
  return id;
}
