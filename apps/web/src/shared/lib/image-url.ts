import {
  CARD_IMAGE_SIZES,
  FILES_SHOW_PATH,
  IMAGE_SIZES,
  PLAYBACK_SIZE,
  type CardImageSize,
  type ImageSize,
} from '@photo/contract';

/** Whether a picture URL points at a file stored by our server (which can serve smaller sizes). */
export function isStoredFileUrl(url: string): boolean {
  return url.includes(FILES_SHOW_PATH);
}

/**
 * The URL of a derived size of a stored picture; other pictures are returned as they are. The
 * edit version (v: the URL changes when the picture is rotated) and the signature of a picture of
 * an album not everyone sees (exp, sig) are kept: without the latter the file is not shown.
 */
export function sizedImageUrl(
  url: string,
  size: ImageSize | CardImageSize | typeof PLAYBACK_SIZE,
): string {
  if (!isStoredFileUrl(url)) return url;
  const [base = url, query = ''] = (url.split('#')[0] ?? url).split('?');
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const key of ['v', 'exp', 'sig']) {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  }
  kept.set('size', size);
  return `${base}?${kept.toString()}`;
}

/**
 * What a browser plays for a video, or for a Live Photo its motion (size=video: the server answers
 * it with range requests), the picture's version and signature kept. Other URLs as they are.
 */
export function playbackUrl(url: string): string {
  if (!isStoredFileUrl(url)) return url;
  return sizedImageUrl(url, PLAYBACK_SIZE);
}

/**
 * The URL that saves the original of a video, or of a Live Photo's motion, as a file
 * (size=video&download=1), its version and signature kept.
 */
export function videoDownloadUrl(url: string): string {
  if (!isStoredFileUrl(url)) return url;
  return `${playbackUrl(url)}&download=1`;
}

/**
 * The URL that saves the original of a stored picture as a file (download=1: the server answers it
 * as an attachment with a file name), its version and signature kept; other pictures as they are.
 */
export function downloadUrl(url: string): string {
  if (!isStoredFileUrl(url)) return url;
  const [base = url, query = ''] = (url.split('#')[0] ?? url).split('?');
  const params = new URLSearchParams(query);
  params.delete('size');
  params.set('download', '1');
  return `${base}?${params.toString()}`;
}

/** A srcset offering the thumbnail and the preview of a stored picture. */
export function imageSrcSet(url: string): string | undefined {
  if (!isStoredFileUrl(url)) return undefined;
  return (Object.keys(IMAGE_SIZES) as ImageSize[])
    .map((size) => `${sizedImageUrl(url, size)} ${IMAGE_SIZES[size]}w`)
    .join(', ');
}

/** A srcset offering the two 4:3 card crops of a stored picture. */
export function cardSrcSet(url: string): string | undefined {
  if (!isStoredFileUrl(url)) return undefined;
  return (Object.keys(CARD_IMAGE_SIZES) as CardImageSize[])
    .map((size) => `${sizedImageUrl(url, size)} ${CARD_IMAGE_SIZES[size].width}w`)
    .join(', ');
}

/** Width and height of a picture scaled to `width` (for the img attributes that reserve its space). */
export function scaledSize(
  width: number | null | undefined,
  height: number | null | undefined,
  targetWidth: number,
): { width: number; height: number } | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  return { width: targetWidth, height: Math.round((targetWidth * height) / width) };
}

/** A transparent pixel: what stands for a picture not made yet that has no placeholder. */
export const PENDING_IMAGE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** How often a list holding a picture still being made asks again (TanStack refetchInterval). */
export const PENDING_REFETCH_MS = 2000;
