import { PLAYBACK_SIZE, type CardImageSize, type ImageSize } from '@photo/contract';
import type { AppDeps } from '../../../deps.js';
import type { FileRow } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { FILE_ID_PATTERN } from '../../../lib/ids.js';
import { extensionOfType } from '../../../lib/media-types.js';
import { DERIVED_CONTENT_TYPE } from '../media/images.js';
import { linkOffersOriginals } from '../../../lib/access.js';
import {
  signedSubjectOf,
  verifyLinkBound,
  verifyLockedBound,
  verifyTrashBound,
} from '../../../lib/picture-signing.js';
import { openShareLinkPermission } from '../../../db/read-models/link-permissions.js';
import { fileInTrashOf } from '../../../db/read-models/trash-holders.js';
import { fileLockedInSession } from '../../../db/read-models/locked-holders.js';
import { findFileById, findFileWithExposure, type ServedFileRow } from '../store/repository.js';

export interface FileToServe {
  key: string;
  contentType: string;
  /** Strong: the bytes of an id, edit version and size never change. */
  etag: string;
  /**
   * How long caches may keep it (seconds): until the signature expires for a signed URL; 0 for a
   * derived size asked for with another edit version than the file's (the bytes are the current
   * ones, which that URL does not name); null: a year.
   */
  maxAgeSeconds: number | null;
  /** A derived size (small, made by us), not the original as uploaded. */
  derived: boolean;
  /** The name a download of these bytes is saved under. */
  downloadName: string;
}

/**
 * "photo-2021-11-30-Ab3dE9xZ.jpg": the day it was taken (or stored), the start of its id, and the
 * extension of its type. No original name is kept, and this one needs no quoting.
 */
export function downloadNameOf(
  file: Pick<FileRow, 'id' | 'date_taken' | 'created_at'>,
  contentType: string,
): string {
  const when: unknown = file.date_taken ?? file.created_at;
  const text = when instanceof Date ? when.toISOString() : String(when);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  const id = file.id.slice(0, 8).replace(/[^A-Za-z0-9]/g, '');
  const extension = extensionOfType(contentType);
  return `photo-${day ? `${day}-` : ''}${id}.${extension}`;
}

/** The blob of a derived size a file has, or null. */
function derivedKeyOf(
  file: Pick<FileRow, 'thumb_key' | 'preview_key' | 'card_key' | 'card3x_key'>,
  size: ImageSize | CardImageSize,
): string | null {
  switch (size) {
    case 'thumb':
      return file.thumb_key;
    case 'preview':
      return file.preview_key;
    case 'card':
      return file.card_key;
    case 'card3x':
      return file.card3x_key;
  }
}

/**
 * What a browser plays for a video: its browser-safe rendition when it has one, else its original;
 * with `download`, its original. A Live Photo's still answers its motion's, under the still's
 * access rules and signature (decided before). 404 for a file that neither is nor has a video.
 */
async function playbackOf(
  deps: Pick<AppDeps, 'db'>,
  file: ServedFileRow,
  maxAgeSeconds: number | null,
  download: boolean,
  place: boolean,
): Promise<FileToServe> {
  let video: ServedFileRow | undefined = file;
  if (file.kind !== 'video') {
    video = file.motion_file_id ? await findFileById(deps.db, file.motion_file_id) : undefined;
    if (video?.kind !== 'video') throw notFound('FILE_NOT_FOUND', 'The video');
  }
  // The rendition is written without any metadata (video/ffmpeg-args.ts): no place in it.
  const rendition = download ? null : video.rendition_key;
  const contentType = rendition ? 'video/mp4' : video.content_type;
  const original = originalOf(video, place);
  return {
    key: rendition ?? original.key,
    contentType,
    etag: `"${video.id}.${rendition ? 'rendition' : original.name}"`,
    // Until its rendition is made, the original stands in: caches must ask again.
    maxAgeSeconds: !download && video.video_state === 'processing' ? 0 : maxAgeSeconds,
    derived: false,
    downloadName: downloadNameOf(video, contentType),
  };
}

/**
 * Which kind of signature exp and sig are for this file: made by the picture signer (`plain`);
 * bound to a share link that still works (not stopped, not expired, its album still shown to
 * links) and, for a download (download=1), offers the originals (`link`); or made for Trash, for
 * a person who still holds the file there or added it (`trash`, decision 0080); or made for a
 * locked-place session still open whose person holds the file there (`locked`, decision 0084);
 * kind null: none valid. `place`: made for the original with its location (decision 0081).
 */
async function verifySignature(
  deps: Pick<AppDeps, 'db' | 'pictureSigner' | 'clock'>,
  fileId: string,
  exp: number,
  givenSig: string,
  download: boolean,
): Promise<{ kind: 'plain' | 'link' | 'trash' | 'locked' | null; place: boolean }> {
  const locked = verifyLockedBound(deps.pictureSigner, fileId, exp, givenSig);
  if (locked) {
    const now = deps.clock.now().toISOString();
    const holds = await fileLockedInSession(deps.db, fileId, locked.sessionId, now);
    return { kind: holds ? 'locked' : null, place: false };
  }
  const trash = verifyTrashBound(deps.pictureSigner, fileId, exp, givenSig);
  if (trash) {
    const holds = await fileInTrashOf(deps.db, fileId, trash.userId);
    return { kind: holds ? 'trash' : null, place: false };
  }
  const { subject, sig, place } = signedSubjectOf(fileId, givenSig);
  const bound = verifyLinkBound(deps.pictureSigner, subject, exp, sig);
  if (!bound) return { kind: deps.pictureSigner.verify(subject, exp, sig) ? 'plain' : null, place };
  const permission = await openShareLinkPermission(
    deps.db,
    bound.linkId,
    deps.clock.now().toISOString(),
  );
  return {
    kind: permission !== null && (!download || linkOffersOriginals(permission)) ? 'link' : null,
    place,
  };
}

/**
 * The original's blob for this answer, and its ETag's name: as uploaded, with its location, for a
 * place signature; else its copy without location when it has one (decision 0081).
 */
function originalOf(
  file: Pick<ServedFileRow, 'blob_key' | 'placeless_key'>,
  place: boolean,
): { key: string; name: string } {
  return file.placeless_key !== null && !place
    ? { key: file.placeless_key, name: 'placeless' }
    : { key: file.blob_key, name: 'original' };
}

/** What answers a card size for a file stored before card crops were made. */
const CARD_FALLBACK: Record<CardImageSize, ImageSize> = { card: 'thumb', card3x: 'preview' };

/**
 * Which blob answers a show request: the original, or a derived size. A file without card crops
 * (stored before they were made) answers them with its thumbnail and preview; a file without
 * derived sizes (animations stored before they got them) with its original. 404 for an unknown or
 * malformed id, for a file of an album not everyone sees unless the URL carries a valid
 * signature, and for a file shown only from Trash unless signed for its holder (exactly the same
 * answer: nothing tells that the file exists).
 */
export async function findFileToServe(
  deps: Pick<AppDeps, 'db' | 'pictureSigner' | 'clock'>,
  id: string,
  query: {
    size?: ImageSize | CardImageSize | typeof PLAYBACK_SIZE | undefined;
    exp?: number | undefined;
    sig?: string | undefined;
    /** The edit version the URL names (picture URLs carry it once the file has been edited). */
    v?: number | undefined;
    /** download=1: with size=video, the video's original rather than its rendition. */
    download?: '1' | undefined;
  },
): Promise<FileToServe> {
  const { size: asked } = query;
  const file = FILE_ID_PATTERN.test(id) ? await findFileWithExposure(deps.db, id) : undefined;
  if (!file) throw notFound('FILE_NOT_FOUND', 'The file');
  const signature =
    query.exp !== undefined && query.sig !== undefined
      ? await verifySignature(deps, file.id, query.exp, query.sig, query.download === '1')
      : { kind: null, place: false };
  const signed = signature.kind !== null;
  // A file shown only from a locked place, or only from Trash, loads for its holder alone,
  // whatever an older page holds.
  const allowed = file.onlyLocked
    ? signature.kind === 'locked'
    : file.onlyInTrash
      ? signature.kind === 'trash'
      : signed || file.shownUnsigned;
  if (!allowed) {
    throw notFound('FILE_NOT_FOUND', 'The file');
  }
  const place = signed && signature.place;
  // A locked picture must stop loading when its session ends: caches ask again every time.
  const maxAgeSeconds =
    signature.kind === 'locked'
      ? 0
      : signed
        ? deps.pictureSigner.secondsLeft(query.exp ?? 0)
        : null;
  if (asked === PLAYBACK_SIZE) {
    return playbackOf(deps, file, maxAgeSeconds, query.download === '1', place);
  }
  const size = asked;
  let served = size;
  let derivedKey = served ? derivedKeyOf(file, served) : null;
  // Only a file done without them: one whose thumbnail is made before its cards answers them
  // with its original, asked for again, until they are made.
  if (!derivedKey && (served === 'card' || served === 'card3x') && file.derived_state === 'ready') {
    served = CARD_FALLBACK[served];
    derivedKey = derivedKeyOf(file, served);
  }
  if (derivedKey && served) {
    // Another version's URL (an old page, or one from before the edit) is answered with today's
    // bytes, which caches must not keep under that URL.
    const current = (query.v ?? 0) === file.edit_version;
    const version = file.edit_version === 0 ? '' : `.v${file.edit_version}`;
    return {
      key: derivedKey,
      contentType: DERIVED_CONTENT_TYPE,
      etag: `"${file.id}${version}.${served}"`,
      maxAgeSeconds: current ? maxAgeSeconds : 0,
      derived: true,
      downloadName: downloadNameOf(file, DERIVED_CONTENT_TYPE),
    };
  }
  // The original is never edited: whatever version the URL names, these are its bytes. It also
  // answers a size not made yet (the job is pending), which caches must ask for again.
  const original = originalOf(file, place);
  const etag = `"${file.id}.${original.name}"`;
  const standIn = size !== undefined && file.derived_state !== 'ready';
  return {
    key: original.key,
    contentType: file.content_type,
    etag,
    maxAgeSeconds: standIn ? 0 : maxAgeSeconds,
    derived: false,
    downloadName: downloadNameOf(file, file.content_type),
  };
}
