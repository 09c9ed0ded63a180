import {
  GUEST_NAME_FIELD,
  LINK_KEY_HEADER,
  type Photo,
  type UnlockLinkResult,
} from '@photo/contract';
import { apiJson, postFormWithProgress, type UploadOptions } from '../../../shared/api/api-client';

/** The code of a protected link's answers (401) until its password is given. */
export const LINK_PASSWORD_REQUIRED = 'LINK_PASSWORD_REQUIRED';

/** A share link's address in the API: its album; with /photos, /download, its photos and zip. */
export const sharedPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

/**
 * The key a visitor got by giving a protected link's password, kept for this tab only
 * (sessionStorage), per link: closing the tab forgets it, as the password was never stored.
 */
const keyName = (token: string) => `photo.linkKey.${token}`;

export function readLinkKey(token: string): string | null {
  try {
    return sessionStorage.getItem(keyName(token));
  } catch {
    return null;
  }
}

export function keepLinkKey(token: string, key: string | null): void {
  try {
    if (key === null) sessionStorage.removeItem(keyName(token));
    else sessionStorage.setItem(keyName(token), key);
  } catch {
    // Storage refused (a private window): the key lasts as long as the page then.
  }
  memory.set(token, key);
}

/** Keys also kept in memory, for browsers that refuse storage. */
const memory = new Map<string, string | null>();

/** The header of every shared/{token} request: the link's key, once its password was given. */
export function linkKeyHeaders(token: string): Record<string, string> {
  const key = memory.get(token) ?? readLinkKey(token);
  return key ? { [LINK_KEY_HEADER]: key } : {};
}

/** POST shared/{token}/unlock: the password of a protected link; keeps the key it gives. */
export async function unlockLink(token: string, password: string): Promise<UnlockLinkResult> {
  const result = await apiJson<UnlockLinkResult>(`${sharedPath(token)}/unlock`, {
    method: 'POST',
    json: { password },
  });
  keepLinkKey(token, result.linkKey);
  return result;
}

/** The name a guest gave before adding photos, remembered on this device for the next time. */
const GUEST_NAME_KEY = 'photo.guestName';

export function readGuestName(): string {
  try {
    return localStorage.getItem(GUEST_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function keepGuestName(name: string): void {
  try {
    localStorage.setItem(GUEST_NAME_KEY, name);
  } catch {
    // Not remembered: asked again next time.
  }
}

/**
 * POST shared/{token}/photos: a guest adds one photo or video through an addPhotos link
 * (multipart: the guest's name, then the file), with upload progress.
 */
export function addGuestPhoto(
  token: string,
  guestName: string,
  file: File,
  options: UploadOptions = {},
): Promise<Photo> {
  const form = new FormData();
  form.append(GUEST_NAME_FIELD, guestName);
  form.append('file', file, file.name);
  return postFormWithProgress<Photo>(
    `${sharedPath(token)}/photos`,
    form,
    linkKeyHeaders(token),
    options,
  );
}
