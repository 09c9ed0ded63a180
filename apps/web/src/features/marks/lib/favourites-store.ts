import { useSyncExternalStore } from 'react';

/**
 * The hearts changed in this tab, by photo id: a heart shows the change at once, on every tile
 * and viewer showing the photo, before (and whether or not) the lists holding it are read again.
 */
const changed = new Map<string, boolean>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** These photos are now favourites (or not). */
export function setFavourites(photoIds: readonly string[], favourite: boolean): void {
  for (const id of photoIds) changed.set(id, favourite);
  version += 1;
  for (const listener of listeners) listener();
}

/** Whether the photo is a favourite: as changed here, else as the server said. */
export function useIsFavourite(photoId: string, fromServer: boolean): boolean {
  useSyncExternalStore(subscribe, () => version);
  return changed.get(photoId) ?? fromServer;
}

/** Whether the photo is a favourite now, outside React's render (a selection's marks). */
export function favouriteNow(photoId: string, fromServer: boolean): boolean {
  return changed.get(photoId) ?? fromServer;
}
