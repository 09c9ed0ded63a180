import type { TrashRestoreRequest } from '@photo/contract';
import { useSyncExternalStore } from 'react';

/**
 * What was just moved to Trash, for the app-level "… moved to Trash · Undo" notice
 * (features/trash/components/trashed-notice.tsx). It lives here, outside any page, so the notice
 * outlasts the dialog that deleted and the page it was on: the album page, the timeline's
 * selection bar and the like announce, the app's layout shows it.
 */
export interface Trashed {
  id: number;
  /** "3 photos moved to Trash". */
  text: string;
  /** What Undo asks POST /api/trash/restore to bring back. */
  restore: TrashRestoreRequest;
}

let current: Trashed | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: Trashed | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Says something was moved to Trash; a newer deletion takes the place of the one shown. */
export function announceTrashed(trashed: Omit<Trashed, 'id'>): void {
  set({ ...trashed, id: nextId++ });
}

/** The notice goes (dismissed, timed out or undone), unless a newer one took its place. */
export function dismissTrashed(id: number): void {
  if (current?.id === id) set(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => current;

export function useTrashed(): Trashed | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
