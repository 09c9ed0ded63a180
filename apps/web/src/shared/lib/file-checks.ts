import { ACCEPTED_IMAGE_TYPES, type UploadLimits } from '@photo/contract';

/** Each image type the server may accept: its name in messages and its file name extensions. */
const KNOWN_TYPES: Record<string, { label: string; extensions: readonly string[] }> = {
  'image/jpeg': { label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { label: 'PNG', extensions: ['.png'] },
  'image/webp': { label: 'WebP', extensions: ['.webp'] },
  'image/gif': { label: 'GIF', extensions: ['.gif'] },
  'image/avif': { label: 'AVIF', extensions: ['.avif'] },
};

/** The types to check by before the server has said which it takes: the contract's. */
const typesOf = (limits: UploadLimits | undefined): readonly string[] =>
  limits?.acceptedTypes ?? ACCEPTED_IMAGE_TYPES;

const extensionsOf = (types: readonly string[]) =>
  types.flatMap((type) => KNOWN_TYPES[type]?.extensions ?? []);

/** The `accept` attribute of image pickers: the accepted types and their file name extensions. */
export function imageAccept(limits: UploadLimits | undefined): string {
  const types = typesOf(limits);
  return [...types, ...extensionsOf(types)].join(',');
}

/** "JPEG, PNG, WebP, GIF or AVIF": the accepted kinds, for messages. */
export function acceptedKindsText(limits: UploadLimits | undefined): string {
  const labels = typesOf(limits).map(
    (type) => KNOWN_TYPES[type]?.label ?? type.replace(/^image\//, ''),
  );
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 100, truncated: a limit of 85.83 MB reads 85.8 MB, never more than it is.
  const shown = value >= 100 ? Math.floor(value) : Math.floor(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** "up to 50 MB and 100 megapixels": the server's limits, for help texts. */
export function uploadLimitText(limits: UploadLimits): string {
  const megapixels = Math.floor(limits.maxPixels / 1_000_000);
  const pixels = megapixels >= 1 ? ` and ${megapixels} megapixels` : '';
  return `up to ${formatBytes(limits.maxBytes)}${pixels}`;
}

function looksLikeImage(file: File, types: readonly string[]): boolean {
  if (file.type) return types.includes(file.type);
  // Some systems give no type for some images (AVIF, say): judge by the name then.
  const name = file.name.toLowerCase();
  return extensionsOf(types).some((extension) => name.endsWith(extension));
}

/**
 * Why a file cannot be uploaded, or null when it can, by the server's limits. Until they are
 * known only the kind of file is checked; the server checks everything again, by content.
 */
export function fileProblem(file: File, limits: UploadLimits | undefined): string | null {
  if (!looksLikeImage(file, typesOf(limits))) {
    return `"${file.name}" is not a photo we can take. Choose a ${acceptedKindsText(limits)} image.`;
  }
  if (file.size === 0) return `"${file.name}" is empty.`;
  if (limits && file.size > limits.maxBytes) {
    return `"${file.name}" is too large (${formatBytes(file.size)}). Photos can be up to ${formatBytes(limits.maxBytes)}.`;
  }
  return null;
}
