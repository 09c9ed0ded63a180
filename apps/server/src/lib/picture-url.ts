import { FILES_SHOW_PATH } from '@photo/contract';
import { AppError } from './errors.js';
import { FILE_ID_PATTERN } from './ids.js';
import { SEEN_BY_EVERYONE, type AlbumVisibility } from './access.js';
import type { PictureSignature, PictureSigner } from './picture-signing.js';

/**
 * The URL clients use for a stored file: the show address plus the file id; for a file that has
 * been edited (rotated), its edit version `v`, so the URL changes with each edit and no cache
 * shows an older one; for a file that not everyone may see, its expiring signature (which signs
 * the file id and expiry: `v` only names the version).
 */
export function pictureUrl(
  fileId: string,
  publicUrl: string | undefined,
  signature?: PictureSignature,
  editVersion = 0,
): string {
  const base = `${publicUrl ?? ''}${FILES_SHOW_PATH}${fileId}`;
  const query = [
    ...(editVersion > 0 ? [`v=${editVersion}`] : []),
    ...(signature ? [`exp=${signature.exp}`, `sig=${signature.sig}`] : []),
  ];
  return query.length > 0 ? `${base}?${query.join('&')}` : base;
}

/**
 * Reads the file id out of a picture URL. Accepted: relative ("/api/files/show/ID"), or absolute on
 * this server's origin (the request's, or PUBLIC_URL), with no query but a signature (exp, sig)
 * and an edit version (v).
 * Anything else is refused with 400.
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
  const signatureOnly = [...parsed.searchParams.keys()].every(
    (key) => key === 'exp' || key === 'sig' || key === 'v',
  );
  if (!signatureOnly || parsed.hash || !parsed.pathname.startsWith(FILES_SHOW_PATH)) throw refuse();
  const id = parsed.pathname.slice(FILES_SHOW_PATH.length);
  if (!FILE_ID_PATTERN.test(id)) throw refuse();
  return id;
}

/**
 * The picture URL of a file shown in an album of this visibility: plain when everyone with an
 * account sees the album, signed and expiring otherwise.
 */
export function albumPictureUrl(
  fileId: string,
  visibility: AlbumVisibility,
  options: { publicUrl: string | undefined; signer: PictureSigner; editVersion?: number },
): string {
  const signature = visibility === SEEN_BY_EVERYONE ? undefined : options.signer.sign(fileId);
  return pictureUrl(fileId, options.publicUrl, signature, options.editVersion);
}
