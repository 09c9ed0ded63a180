import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.js';

/**
 * Signed, expiring picture URLs (docs/decisions/0028-signed-picture-urls.md). Files of albums
 * that not everyone may see are shown only through a URL carrying `exp` (seconds since the epoch)
 * and `sig` (HMAC-SHA256 of the file id and exp). Expiries are rounded up to windows, so every
 * answer within one window names the same URL and browsers and CDNs keep caching it.
 */
export const PICTURE_URL_WINDOW_SECONDS = 30 * 60;
/** A URL made now stays valid between one and two windows: at most an hour. */
export const PICTURE_URL_MAX_LIFETIME_SECONDS = 2 * PICTURE_URL_WINDOW_SECONDS;

export interface PictureSignature {
  exp: number;
  sig: string;
}

export interface PictureSigner {
  /** notAfter (seconds since the epoch): the signature expires then at the latest. */
  sign(fileId: string, notAfter?: number): PictureSignature;
  /** Whether exp and sig were made by sign() for this file and have not expired. */
  verify(fileId: string, exp: number, sig: string): boolean;
  /** Seconds until exp. */
  secondsLeft(exp: number): number;
}

export function createPictureSigner(secret: Buffer, clock: Clock): PictureSigner {
  const mac = (fileId: string, exp: number) =>
    createHmac('sha256', secret).update(`${fileId}\n${exp}`).digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  return {
    sign(fileId, notAfter) {
      const window = Math.floor(nowSeconds() / PICTURE_URL_WINDOW_SECONDS);
      const exp = Math.min((window + 2) * PICTURE_URL_WINDOW_SECONDS, notAfter ?? Infinity);
      return { exp, sig: mac(fileId, exp) };
    },
    verify(fileId, exp, sig) {
      const now = nowSeconds();
      if (!Number.isSafeInteger(exp) || exp <= now) return false;
      if (exp > now + PICTURE_URL_MAX_LIFETIME_SECONDS) return false;
      const expected = Buffer.from(mac(fileId, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    secondsLeft(exp) {
      return Math.max(0, exp - nowSeconds());
    },
  };
}

/**
 * Picture URLs given to a share link's visitor are bound to the link (decision 0063): `sig` is
 * `<link id>.<HMAC of the file id, the link id and exp>`, so files/show checks that the link still
 * works (not stopped, not expired) before serving; and exp is never later than the link's expiry.
 */
export interface LinkBinding {
  linkId: string;
  /** Seconds since the epoch; null: the link never expires. */
  expiresAt: number | null;
}

const LINK_SIG_SEPARATOR = '.';

function linkSubject(fileId: string, linkId: string): string {
  return `${fileId}\nlink:${linkId}`;
}

/** A signer whose signatures name the link, and expire with it. */
export function linkBoundSigner(signer: PictureSigner, link: LinkBinding): PictureSigner {
  return {
    sign(fileId, notAfter) {
      const limit = Math.min(notAfter ?? Infinity, link.expiresAt ?? Infinity);
      const { exp, sig } = signer.sign(
        linkSubject(fileId, link.linkId),
        Number.isFinite(limit) ? limit : undefined,
      );
      return { exp, sig: `${link.linkId}${LINK_SIG_SEPARATOR}${sig}` };
    },
    verify(fileId, exp, sig) {
      const bound = linkOfSignature(sig);
      return bound !== null && signer.verify(linkSubject(fileId, bound.linkId), exp, bound.sig);
    },
    secondsLeft: (exp) => signer.secondsLeft(exp),
  };
}

/** The link a link-bound signature names, and its HMAC part; null for a plain signature. */
export function linkOfSignature(sig: string): { linkId: string; sig: string } | null {
  const at = sig.indexOf(LINK_SIG_SEPARATOR);
  if (at <= 0) return null;
  return { linkId: sig.slice(0, at), sig: sig.slice(at + 1) };
}

/** Whether a signature made by linkBoundSigner for this link and file is valid now. */
export function verifyLinkBound(
  signer: PictureSigner,
  fileId: string,
  exp: number,
  sig: string,
): { linkId: string } | null {
  const bound = linkOfSignature(sig);
  if (!bound) return null;
  return signer.verify(linkSubject(fileId, bound.linkId), exp, bound.sig)
    ? { linkId: bound.linkId }
    : null;
}

/**
 * Picture URLs of Trash (decision 0080) are bound to the person they were given to, in a GET
 * /api/trash answer: `sig` is `trash~<user id, base64url>~<HMAC of the file id, the user id and
 * exp>`. A file shown only from Trash loads through no other signature (an older page's plain or
 * link-bound one included), and files/show checks that the person still holds it in Trash, or
 * added it there.
 */
const TRASH_SIG_PREFIX = 'trash~';

function trashSubject(fileId: string, userId: string): string {
  return `${fileId}\ntrash:${userId}`;
}

/** The signature of a Trash picture URL for this person. */
export function signForTrash(
  signer: PictureSigner,
  fileId: string,
  userId: string,
): PictureSignature {
  const { exp, sig } = signer.sign(trashSubject(fileId, userId));
  const user = Buffer.from(userId).toString('base64url');
  return { exp, sig: `${TRASH_SIG_PREFIX}${user}~${sig}` };
}

/** The person a Trash signature was made for, when it is one and valid now for this file. */
export function verifyTrashBound(
  signer: PictureSigner,
  fileId: string,
  exp: number,
  sig: string,
): { userId: string } | null {
  if (!sig.startsWith(TRASH_SIG_PREFIX)) return null;
  const rest = sig.slice(TRASH_SIG_PREFIX.length);
  const at = rest.indexOf('~');
  if (at <= 0) return null;
  const userId = Buffer.from(rest.slice(0, at), 'base64url').toString();
  return signer.verify(trashSubject(fileId, userId), exp, rest.slice(at + 1)) ? { userId } : null;
}

/**
 * Picture URLs that may serve a file's original with its location (decision 0081): given to the
 * file's owner, and to the people an album shows places to. Their `sig` is
 * `place~<signature of "<file id>\nplace">` (the signature a plain or link-bound signer makes), so
 * files/show tells them from the others, and they are as short-lived as any signed URL. Without
 * it, files/show serves the copy without location.
 */
const PLACE_MARK = 'place~';

function placeSubject(fileId: string): string {
  return `${fileId}\nplace`;
}

/** A signer whose signatures also let the original with its location be served. */
export function placeSigner(signer: PictureSigner): PictureSigner {
  return {
    sign(fileId, notAfter) {
      const { exp, sig } = signer.sign(placeSubject(fileId), notAfter);
      return { exp, sig: `${PLACE_MARK}${sig}` };
    },
    verify(fileId, exp, sig) {
      return sig.startsWith(PLACE_MARK)
        ? signer.verify(placeSubject(fileId), exp, sig.slice(PLACE_MARK.length))
        : false;
    },
    secondsLeft: (exp) => signer.secondsLeft(exp),
  };
}

/**
 * What a signature signs: for a place signature, the file's place subject and the signature
 * within the mark (then checked as a plain or link-bound one); else the file id and sig as given.
 */
export function signedSubjectOf(
  fileId: string,
  sig: string,
): { subject: string; sig: string; place: boolean } {
  return sig.startsWith(PLACE_MARK)
    ? { subject: placeSubject(fileId), sig: sig.slice(PLACE_MARK.length), place: true }
    : { subject: fileId, sig, place: false };
}

/**
 * Picture URLs of the locked place (decision 0084) are bound to the session its person opened by
 * confirming it is them: `sig` is `locked~<session id>~<HMAC of the file id, the session id and
 * exp>`. files/serve checks that the session is still open (not ended, not idle past its expiry)
 * and that its person holds the file there; a file shown only from a locked place loads through no
 * other signature.
 */
const LOCKED_SIG_PREFIX = 'locked~';

function lockedSubject(fileId: string, sessionId: string): string {
  return `${fileId}\nlocked:${sessionId}`;
}

/** The signature of a locked-place picture URL for this session (its public id: base64url). */
export function signForLocked(
  signer: PictureSigner,
  fileId: string,
  sessionId: string,
): PictureSignature {
  const { exp, sig } = signer.sign(lockedSubject(fileId, sessionId));
  return { exp, sig: `${LOCKED_SIG_PREFIX}${sessionId}~${sig}` };
}

/** The session a locked-place signature was made for, when it is one and valid now for this file. */
export function verifyLockedBound(
  signer: PictureSigner,
  fileId: string,
  exp: number,
  sig: string,
): { sessionId: string } | null {
  if (!sig.startsWith(LOCKED_SIG_PREFIX)) return null;
  const rest = sig.slice(LOCKED_SIG_PREFIX.length);
  const at = rest.indexOf('~');
  if (at <= 0) return null;
  const sessionId = rest.slice(0, at);
  return signer.verify(lockedSubject(fileId, sessionId), exp, rest.slice(at + 1))
    ? { sessionId }
    : null;
}
