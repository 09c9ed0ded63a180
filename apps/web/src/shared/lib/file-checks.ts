import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_TYPES,
  DEFAULT_MAX_UPLOAD_BYTES,
} from '@photo/contract';

/** The `accept` attribute of image pickers: the accepted types and their file name extensions. */
export const IMAGE_ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(',');

/** "JPEG, PNG, WebP, GIF or AVIF": the accepted kinds, for messages. */
export const ACCEPTED_KINDS_TEXT = 'JPEG, PNG, WebP, GIF or AVIF';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1);
  return `${rounded} ${units[unit]}`;
}

export const MAX_UPLOAD_TEXT = formatBytes(DEFAULT_MAX_UPLOAD_BYTES);

function looksLikeImage(file: File): boolean {
  if (file.type) return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
  // Some systems give no type for some images (AVIF, say): judge by the name then.
  const name = file.name.toLowerCase();
  return ACCEPTED_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/** Why a file cannot be uploaded, or null when it can. The server checks again, by content. */
export function fileProblem(file: File, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): string | null {
  if (!looksLikeImage(file)) {
    return `"${file.name}" is not a photo we can take. Choose a ${ACCEPTED_KINDS_TEXT} image.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (file.size > maxBytes) {
    return `"${file.name}" is too large (${formatBytes(file.size)}). Photos can be up to ${formatBytes(maxBytes)}.`;
  }
  return null;
}
