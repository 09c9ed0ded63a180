import { useSyncExternalStore } from 'react';
import { decodeTokenSubject } from '../../../shared/auth/jwt';
import { readSession } from '../../../shared/auth/session-store';

/**
 * The hearts changed in this tab, by photo id: a heart shows the change at once, on every tile
 * and viewer showing the photo, before (and whether or not) the lists holding it are read again.
 * They are the signed-in person's: another person signing in in this tab starts with none.
 */
const changed = new Map<string, boolean>();
let owner: string | null = null;
/** The token `owner` was read from: every heart asks at each render, and a token seldom changes. */
let ownerToken: string | undefined;

/** Forgets the changes when the person signed in is not the one who made them. */
function forOwner(): Map<string, boolean> {
  const token = readSession()?.idToken;
  if (token === ownerToken) return changed;
  ownerToken = token;
  const now = token ? decodeTokenSubject(token) : null;
  if (now !== owner) {
    changed.clear();
    owner = now;
  }
  return changed;
}
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** These photos are now favourites (or not). */
export function setFavourites(photoIds: readonly string[], favourite: boolean): void {
  const marks = forOwner();
  for (const id of photoIds) marks.set(id, favourite);
  version += 1;
  for (const listener of listeners) listener();
}

const getVersion = () => version;

/** Whether the photo is a favourite: as changed here, else as the server said. */
export function useIsFavourite(photoId: string, fromServer: boolean): boolean {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return forOwner().get(photoId) ?? fromServer;
}

/** Whether the photo is a favourite now, outside React's render (a selection's marks). */
export function favouriteNow(photoId: string, fromServer: boolean): boolean {
  return forOwner().get(photoId) ?? fromServer;
}
