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
  sign(fileId: string): PictureSignature;
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
    sign(fileId) {
      const window = Math.floor(nowSeconds() / PICTURE_URL_WINDOW_SECONDS);
      const exp = (window + 2) * PICTURE_URL_WINDOW_SECONDS;
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
