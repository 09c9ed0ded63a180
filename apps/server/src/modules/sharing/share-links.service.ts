import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  LINKS_PER_ALBUM_MAX,
  SHARED_LINK_PATH,
  type Album,
  type CreateShareLinkRequest,
  type LinkPermission,
  type Photo,
  type ShareLink,
  type ShareLinkSettingsRequest,
  type UnlockLinkResult,
  type UpdateShareLinkRequest,
} from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Updateable } from 'kysely';
import type { AlbumLinksTable } from '../../db/schema.js';
import { hitRateLimitCounter } from '../../db/rate-limit.repository.js';
import type { AppDeps } from '../../deps.js';
import { linkOffersOriginals, linkVisitor, type LinkVisitor } from '../../lib/access.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Page } from '../../lib/paging.js';
import { linkBoundSigner } from '../../lib/picture-signing.js';
import { lockAlbum } from '../albums/albums.repository.js';
import { albumAnswer, requireAlbumAccess } from '../albums/albums.service.js';
import { albumZip, type ZipDownload } from '../downloads/downloads.service.js';
import { getLinkAlbumPhoto, listAlbumPhotos } from '../photos/photos.service.js';
import {
  countLinksOfAlbum,
  deleteLinkById,
  deleteLinksOfAlbum,
  findLinkByToken,
  findLinkOfAlbum,
  insertLink,
  listLinksOfAlbum,
  touchLinkOpened,
  updateLink,
  type AlbumLinkRow,
} from './sharing.repository.js';

/** lastOpenedAt is written at most this often per link (not on every request). */
export const LAST_OPENED_RESOLUTION_MS = 60_000;
/** Password attempts one client address may make on one link in UNLOCK_WINDOW_MS. */
export const UNLOCK_ATTEMPTS_MAX = 10;
export const UNLOCK_WINDOW_MS = 15 * 60_000;

const albumNotFound = () => notFound('ALBUM_NOT_FOUND', 'The album');
export const linkNotFound = () =>
  new AppError('LINK_NOT_FOUND', 'This link does not work: it may have been stopped, or expired.');

type LinkDeps = Pick<AppDeps, 'config'>;

/** The limits of an 'addPhotos' link: its own, else the server's defaults. */
export function guestLimitsOf(row: AlbumLinkRow, deps: LinkDeps) {
  return {
    maxPhotos: row.guest_max_photos ?? deps.config.guestLinks.maxPhotos,
    maxBytes:
      row.guest_max_bytes === null ? deps.config.guestLinks.maxBytes : Number(row.guest_max_bytes),
  };
}

export function toLink(row: AlbumLinkRow, deps: LinkDeps): ShareLink {
  return {
    id: row.id,
    token: row.token,
    url: `${deps.config.publicUrl ?? ''}${SHARED_LINK_PATH}${row.token}`,
    label: row.label,
    permission: row.permission,
    expiresAt: row.expires_at,
    hasPassword: row.password_hash !== null,
    lastOpenedAt: row.last_opened_at,
    guestLimits: row.permission === 'addPhotos' ? guestLimitsOf(row, deps) : null,
    guestPhotoCount: Number(row.guest_photo_count),
    guestBytes: Number(row.guest_bytes),
    dateCreated: row.created_at,
    allowDownload: linkOffersOriginals(row.permission),
  };
}

/** The album's links, newest first. */
export async function linksOfAlbum(deps: AppDeps, albumId: string): Promise<ShareLink[]> {
  return (await listLinksOfAlbum(deps.db, albumId)).map((row) => toLink(row, deps));
}

export async function listLinks(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
): Promise<ShareLink[]> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  return linksOfAlbum(deps, album.id);
}

/** An expiry the owner gives: a date in the future (400 with the field otherwise), as ISO UTC. */
function expiryOf(deps: AppDeps, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'Expires at must be a date and time.', {
      field: 'body.expiresAt',
    });
  }
  if (at.getTime() <= deps.clock.now().getTime()) {
    throw new AppError('VALIDATION_FAILED', 'Expires at must be in the future.', {
      field: 'body.expiresAt',
    });
  }
  return at.toISOString();
}

/** Makes a link of the album. Owner only; at most LINKS_PER_ALBUM_MAX (409 CONFLICT). */
export async function createShareLink(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  input: CreateShareLinkRequest,
): Promise<ShareLink> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const expiresAt = expiryOf(deps, input.expiresAt) ?? null;
  const passwordHash = input.password ? await hash(input.password) : null;
  const row = {
    id: newId(),
    album_id: album.id,
    token: randomBytes(16).toString('base64url'),
    label: (input.label ?? '').trim(),
    permission: input.permission ?? 'view',
    expires_at: expiresAt,
    password_hash: passwordHash,
    last_opened_at: null,
    guest_max_photos: input.guestLimits?.maxPhotos ?? null,
    guest_max_bytes: input.guestLimits?.maxBytes ?? null,
    guest_photo_count: 0,
    guest_bytes: 0,
    created_at: deps.clock.now().toISOString(),
  } satisfies AlbumLinkRow;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw albumNotFound();
    if ((await countLinksOfAlbum(trx, album.id)) >= LINKS_PER_ALBUM_MAX) {
      throw new AppError(
        'CONFLICT',
        `An album can have at most ${LINKS_PER_ALBUM_MAX} links: stop one first.`,
      );
    }
    await insertLink(trx, row);
  });
  return toLink(row, deps);
}

async function requireLinkOfAlbum(deps: AppDeps, albumId: string, linkId: string) {
  const row = await findLinkOfAlbum(deps.db, albumId, linkId);
  if (!row) throw linkNotFound();
  return row;
}

/**
 * Changes a link: its label, permission, expiry, password (null removes it; a new one makes every
 * key given for the old one stop working) or guest limits. Owner only.
 */
export async function updateShareLink(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  linkId: string,
  input: UpdateShareLinkRequest,
): Promise<ShareLink> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  await requireLinkOfAlbum(deps, album.id, linkId);
  const changes: Updateable<AlbumLinksTable> = {};
  if (input.label !== undefined) changes.label = input.label.trim();
  if (input.permission !== undefined) changes.permission = input.permission;
  const expiresAt = expiryOf(deps, input.expiresAt);
  if (expiresAt !== undefined) changes.expires_at = expiresAt;
  if (input.password !== undefined) {
    changes.password_hash = input.password === null ? null : await hash(input.password);
  }
  if (input.guestLimits !== undefined) {
    changes.guest_max_photos = input.guestLimits.maxPhotos;
    changes.guest_max_bytes = input.guestLimits.maxBytes;
  }
  if (Object.keys(changes).length > 0) await updateLink(deps.db, album.id, linkId, changes);
  return toLink(await requireLinkOfAlbum(deps, album.id, linkId), deps);
}

/** Stops one link at once: it answers 404 LINK_NOT_FOUND, and its picture URLs stop loading. */
export async function stopShareLink(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  linkId: string,
): Promise<void> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  if (!(await deleteLinkById(deps.db, album.id, linkId))) throw linkNotFound();
}

// The earlier routes (albumsDb/{albumId}/link), for clients made when an album had one link.

/**
 * POST albumsDb/{albumId}/link: the album's newest link is replaced by a new one (a new token)
 * offering what it offered; with no link, a new view link. The album's other links stay.
 */
export async function replaceNewestLink(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
): Promise<ShareLink> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const now = deps.clock.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    if (!(await lockAlbum(trx, album.id))) throw albumNotFound();
    const [newest] = await listLinksOfAlbum(trx, album.id);
    const made: AlbumLinkRow = {
      id: newId(),
      album_id: album.id,
      token: randomBytes(16).toString('base64url'),
      label: newest?.label ?? '',
      permission: newest?.permission ?? 'view',
      expires_at: newest?.expires_at ?? null,
      password_hash: newest?.password_hash ?? null,
      last_opened_at: null,
      guest_max_photos: newest?.guest_max_photos ?? null,
      guest_max_bytes: newest?.guest_max_bytes ?? null,
      guest_photo_count: 0,
      guest_bytes: 0,
      created_at: now,
    };
    if (newest) await deleteLinkById(trx, album.id, newest.id);
    else if ((await countLinksOfAlbum(trx, album.id)) >= LINKS_PER_ALBUM_MAX) {
      throw new AppError('CONFLICT', `An album can have at most ${LINKS_PER_ALBUM_MAX} links.`);
    }
    await insertLink(trx, {
      ...made,
      guest_max_bytes: made.guest_max_bytes === null ? null : Number(made.guest_max_bytes),
      guest_bytes: 0,
    });
    return made;
  });
  return toLink(row, deps);
}

/**
 * PUT albumsDb/{albumId}/link: whether the newest link offers the originals. On, a view link
 * becomes a download link; off, a download or addPhotos link becomes a view link. No link: 404.
 */
export async function setNewestLinkDownload(
  deps: AppDeps,
  caller: AuthUser,
  albumId: string,
  settings: ShareLinkSettingsRequest,
): Promise<ShareLink> {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  const [newest] = await listLinksOfAlbum(deps.db, album.id);
  if (!newest) {
    throw new AppError('LINK_NOT_FOUND', 'This album has no share link: make one first.');
  }
  let permission: LinkPermission = newest.permission;
  if (settings.allowDownload && permission === 'view') permission = 'download';
  if (!settings.allowDownload) permission = 'view';
  if (permission !== newest.permission) {
    await updateLink(deps.db, album.id, newest.id, { permission });
  }
  return toLink({ ...newest, permission }, deps);
}

/** DELETE albumsDb/{albumId}/link: stops every link of the album. */
export async function stopAllLinks(deps: AppDeps, caller: AuthUser, albumId: string) {
  const album = await requireAlbumAccess(deps, caller, albumId, 'album.share');
  await deleteLinksOfAlbum(deps.db, album.id);
}

// What a link's holder sees and does.

/** The subject the picture signer signs for a link key: the link and a digest of its password. */
function keySubject(row: AlbumLinkRow): string {
  // The Argon2 PHC string carries a fresh salt: any new password (even the same words) changes it.
  return `link-key:${row.id}:${row.password_hash ?? ''}`;
}

function expirySeconds(row: AlbumLinkRow): number | null {
  return row.expires_at === null ? null : Math.floor(new Date(row.expires_at).getTime() / 1000);
}

/** A working link, opened: the album it opens and what its holder may do there. */
export interface OpenLink {
  row: AlbumLinkRow;
  albumId: string;
  visitor: LinkVisitor;
}

/**
 * The link a token names when it is neither stopped (unknown) nor expired; else undefined. What a
 * link's page shows (link-previews) asks this too.
 */
export async function findWorkingLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<AlbumLinkRow | undefined> {
  const row = await findLinkByToken(deps.db, token);
  const now = deps.clock.now();
  if (!row || (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime())) {
    return undefined;
  }
  return row;
}

/**
 * The first step of opening or unlocking a link: the link a token names, when it works (not
 * stopped, not expired, its album shown to links; else 404 LINK_NOT_FOUND, all alike), whatever
 * its password.
 */
async function reachLink(deps: AppDeps, token: string): Promise<OpenLink> {
  const row = await findWorkingLink(deps, token);
  if (!row) throw linkNotFound();
  const visitor = linkVisitor(row.permission);
  try {
    const album = await requireAlbumAccess(deps, visitor, row.album_id, 'album.read');
    return { row, albumId: album.id, visitor };
  } catch (error) {
    if (error instanceof AppError && error.code === 'ALBUM_NOT_FOUND') throw linkNotFound();
    throw error;
  }
}

/**
 * The link a token names, when it works (reachLink); with a password, only with a valid key (else
 * 401 LINK_PASSWORD_REQUIRED, telling nothing of the album).
 */
export async function openLink(
  deps: AppDeps,
  token: string,
  key: string | undefined,
): Promise<OpenLink> {
  const link = await reachLink(deps, token);
  if (link.row.password_hash !== null && !validKey(deps, link.row, key)) {
    throw new AppError(
      'LINK_PASSWORD_REQUIRED',
      'This link is protected by a password: give it first (shared/{token}/unlock).',
    );
  }
  return link;
}

function validKey(deps: AppDeps, row: AlbumLinkRow, key: string | undefined): boolean {
  if (!key) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key);
  if (!match) return false;
  return deps.pictureSigner.verify(keySubject(row), Number(match[1]), match[2] ?? '');
}

/** The app's dependencies with picture URLs bound to this link, and expiring with it. */
export function linkDeps(deps: AppDeps, link: OpenLink): AppDeps {
  return {
    ...deps,
    pictureSigner: linkBoundSigner(deps.pictureSigner, {
      linkId: link.row.id,
      expiresAt: expirySeconds(link.row),
    }),
  };
}

/**
 * Gives the key of a protected link for its password: signed, expiring within the hour (and not
 * after the link), bound to the link and its password. Attempts are counted per client address
 * and link (UNLOCK_ATTEMPTS_MAX in UNLOCK_WINDOW_MS, then 429 with Retry-After): a stranger's
 * guesses slow only the stranger.
 */
export async function unlockLink(
  deps: AppDeps,
  token: string,
  password: string,
  clientAddress: string,
): Promise<UnlockLinkResult> {
  const { row } = await reachLink(deps, token);
  const now = deps.clock.now();
  const attempts = await hitRateLimitCounter(
    deps.db,
    `link-unlock:${row.id}:${clientAddress}`,
    UNLOCK_WINDOW_MS,
    now.getTime(),
  );
  if (attempts.count > UNLOCK_ATTEMPTS_MAX) {
    throw new AppError('RATE_LIMITED', 'Too many password attempts: try again later.', {
      retryAfterSeconds: (attempts.resetAtMs - now.getTime()) / 1000,
    });
  }
  if (row.password_hash === null) {
    // Nothing to unlock: a key is given all the same, so clients need no special case.
  } else if (!(await verify(row.password_hash, password))) {
    throw new AppError('WRONG_LINK_PASSWORD', 'That is not the password of this link.', {
      field: 'body.password',
    });
  }
  const { exp, sig } = deps.pictureSigner.sign(keySubject(row), expirySeconds(row) ?? undefined);
  return { linkKey: `${exp}.${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The album a link opens, with what the link offers; records when it was opened. */
export async function getSharedAlbum(
  deps: AppDeps,
  token: string,
  key: string | undefined,
): Promise<Album> {
  const link = await openLink(deps, token, key);
  const now = deps.clock.now();
  const last = link.row.last_opened_at;
  if (last === null || now.getTime() - new Date(last).getTime() >= LAST_OPENED_RESOLUTION_MS) {
    await touchLinkOpened(
      deps.db,
      link.row.id,
      now.toISOString(),
      new Date(now.getTime() - LAST_OPENED_RESOLUTION_MS).toISOString(),
    );
  }
  return {
    ...(await albumAnswer(linkDeps(deps, link), link.albumId, null)),
    allowDownload: linkOffersOriginals(link.row.permission),
    linkPermission: link.row.permission,
  };
}

export async function listSharedPhotos(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<Photo>> {
  const link = await openLink(deps, token, key);
  return listAlbumPhotos(linkDeps(deps, link), link.visitor, link.albumId, query);
}

/** One photo of the album a link opens, with its details (decision 0086). */
export async function getSharedPhoto(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  photoId: string,
): Promise<Photo> {
  const link = await openLink(deps, token, key);
  return getLinkAlbumPhoto(linkDeps(deps, link), link.visitor, link.albumId, photoId);
}

/** The zip of the album a link opens, when the link offers originals (else 403 NOT_OWNER). */
export async function sharedAlbumZip(
  deps: AppDeps,
  token: string,
  key: string | undefined,
  log: FastifyBaseLogger,
): Promise<ZipDownload> {
  const link = await openLink(deps, token, key);
  if (!linkOffersOriginals(link.row.permission)) {
    throw new AppError('NOT_OWNER', "The album's owner does not offer its download by this link.");
  }
  return albumZip(deps, link.visitor, link.albumId, log);
}
