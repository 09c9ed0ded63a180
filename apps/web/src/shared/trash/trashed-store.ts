import type { TrashRestoreRequest } from '@photo/contract';
import { valueStore } from '../lib/value-store';

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

const current = valueStore<Trashed | null>(null);
let nextId = 1;

/** Says something was moved to Trash; a newer deletion takes the place of the one shown. */
export function announceTrashed(trashed: Omit<Trashed, 'id'>): void {
  current.set({ ...trashed, id: nextId++ });
}

/** The notice goes (dismissed, timed out or undone), unless a newer one took its place. */
export function dismissTrashed(id: number): void {
  if (current.get()?.id === id) current.set(null);
}

export function useTrashed(): Trashed | null {
  return current.useValue();
}
