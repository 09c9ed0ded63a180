import type { PhotoKind, PhotoVideo } from '@photo/contract';
import { t } from '../../i18n/i18n';

/** What of a photo says what kind of item it is: a picture, a video or a Live Photo. */
export interface MediaFacts {
  kind: PhotoKind;
  video: PhotoVideo | null;
}

/** Whole seconds of a length in milliseconds; a video shorter than half a second counts one. */
function secondsOf(durationMs: number): number {
  const seconds = Math.round(Math.max(0, durationMs) / 1000);
  return seconds === 0 && durationMs > 0 ? 1 : seconds;
}

/** A video's length as a player shows it: "0:42", "12:05", "1:02:03". */
export function formatDuration(durationMs: number): string {
  const total = secondsOf(durationMs);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** A video's length as said aloud: "42 seconds", "1 minute 2 seconds", "1 hour 3 seconds". */
export function spokenDuration(durationMs: number): string {
  const total = secondsOf(durationMs);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours > 0 ? t('common.hours', { count: hours }) : '',
    minutes > 0 ? t('common.minutes', { count: minutes }) : '',
    seconds > 0 || total === 0 ? t('common.seconds', { count: seconds }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** Whether a video is still being prepared for playback (its poster shows meanwhile). */
export function isVideoProcessing(photo: MediaFacts): boolean {
  return photo.video?.state === 'processing';
}

/** Whether a video plays (a Live Photo's motion is no video of its own). */
export function isPlayableVideo(photo: MediaFacts): boolean {
  return photo.kind === 'video' && photo.video?.state === 'ready';
}

/** Whether a Live Photo's motion can be played over its still. */
export function hasPlayableMotion(photo: MediaFacts): boolean {
  return photo.kind === 'livePhoto' && photo.video?.state === 'ready';
}

/** What an item is, in a word or two: "Photo", "Video" or "Live Photo". */
export function kindWord(photo: MediaFacts): string {
  return t('common.kind', { kind: photo.kind });
}

/**
 * What an item is, first in its accessible name: "Photo", "Live Photo", "Video, 42 seconds", or
 * "Video, being prepared" while it cannot play yet.
 */
export function mediaName(photo: MediaFacts): string {
  if (photo.kind !== 'video') return kindWord(photo);
  if (isVideoProcessing(photo)) return t('common.videoBeingPrepared');
  return t('common.videoOfLength', { length: spokenDuration(photo.video?.durationMs ?? 0) });
}

/**
 * An item's name followed by more of what it is ("by Ann", "of June 3, 2024"): "Photo by Ann",
 * "Video, 42 seconds, by Ann".
 */
export function mediaNameWith(photo: MediaFacts, rest: string): string {
  const name = mediaName(photo);
  return `${name}${name.includes(',') ? ',' : ''} ${rest}`;
}

/**
 * Whether an item's 600 px thumbnail (`size=thumb`) is made, so a grid tile can show it: as soon as
 * the server says so (`thumbReady`), before the other sizes are made; `ready` from a server that
 * does not say.
 */
export function isThumbShown(photo: { ready: boolean; thumbReady?: boolean | undefined }): boolean {
  return photo.ready || photo.thumbReady === true;
}

/** How often a list holding a video being prepared asks again (ms): preparing one takes a while. */
export const PROCESSING_REFETCH_MS = 4000;

/**
 * A TanStack refetchInterval for a list of items: every `pendingMs` (if any) while a picture's
 * sizes are being made, every PROCESSING_REFETCH_MS while a video is being prepared, else not at all.
 */
export function refetchWhileMaking(
  items: readonly (MediaFacts & { ready: boolean })[],
  pendingMs: number | false,
): number | false {
  if (pendingMs !== false && items.some((item) => !item.ready)) return pendingMs;
  return items.some(isVideoProcessing) ? PROCESSING_REFETCH_MS : false;
}
