import type { PhotoKind, PhotoVideo } from '@photo/contract';

/**
 * The columns of a file's row that say what kind of item it is. A Live Photo's still carries its
 * motion's length and playback state (kept in step when they change), so no answer joins the motion.
 */
export interface FileMediaColumns {
  /** 'photo' or 'video'. */
  kind: string;
  duration_ms: number | string | null;
  /** 'processing', 'ready' or 'failed'; null for a picture. */
  video_state: string | null;
  motion_file_id: string | null;
}

/**
 * What a tile reads of its photo's file, as the columns of a query that joins `files`: its size,
 * placeholder, thumbnail, kind and date. Photos, the map, Trash and the locked place read the same.
 */
export const TILE_COLUMNS = [
  'files.width',
  'files.height',
  'files.edit_version',
  'files.placeholder',
  'files.derived_state',
  'files.thumb_key',
  'files.kind',
  'files.duration_ms',
  'files.video_state',
  'files.motion_file_id',
  'files.date_taken',
  'files.taken_offset_minutes',
] as const;

function videoStateOf(value: string | null): PhotoVideo['state'] {
  return value === 'ready' || value === 'failed' ? value : 'processing';
}

/** What the API says of a photo's kind, and of its video or motion. */
export function photoMediaOf(row: FileMediaColumns): { kind: PhotoKind; video: PhotoVideo | null } {
  const video = {
    durationMs: Math.max(0, Math.round(Number(row.duration_ms ?? 0))),
    state: videoStateOf(row.video_state),
  };
  if (row.kind === 'video') return { kind: 'video', video };
  if (row.motion_file_id !== null) return { kind: 'livePhoto', video };
  return { kind: 'photo', video: null };
}
