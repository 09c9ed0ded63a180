import { ACCEPTED_IMAGE_TYPES, ACCEPTED_VIDEO_TYPES, type UploadLimits } from '@photo/contract';
import { t } from '../../i18n/i18n';

/** Each type the server may accept: its name in messages and its file name extensions. */
const KNOWN_TYPES: Record<string, { label: string; extensions: readonly string[] }> = {
  'image/jpeg': { label: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { label: 'PNG', extensions: ['.png'] },
  'image/webp': { label: 'WebP', extensions: ['.webp'] },
  'image/gif': { label: 'GIF', extensions: ['.gif'] },
  'image/avif': { label: 'AVIF', extensions: ['.avif'] },
  'image/heic': { label: 'HEIC', extensions: ['.heic'] },
  'image/heif': { label: 'HEIF', extensions: ['.heif'] },
  'video/mp4': { label: 'MP4', extensions: ['.mp4', '.m4v'] },
  'video/quicktime': { label: 'MOV', extensions: ['.mov'] },
  'video/webm': { label: 'WebM', extensions: ['.webm'] },
};

/** What a picker takes: pictures only (an album's cover), or pictures and videos (an album). */
export type MediaChoice = 'photos' | 'photosAndVideos';

type Kind = 'photo' | 'video';

const kindOfType = (type: string): Kind | null =>
  type.startsWith('image/') ? 'photo' : type.startsWith('video/') ? 'video' : null;

/** The types to check by, of the kinds chosen; before the server has said, the contract's. */
function typesOf(limits: UploadLimits | undefined, kind: Kind): readonly string[] {
  const all = limits?.acceptedTypes ?? [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES];
  return all.filter((type) => kindOfType(type) === kind);
}

const kindsOf = (choice: MediaChoice): Kind[] =>
  choice === 'photos' ? ['photo'] : ['photo', 'video'];

const extensionsOf = (types: readonly string[]) =>
  types.flatMap((type) => KNOWN_TYPES[type]?.extensions ?? []);

/** The `accept` attribute of pickers: the accepted types and their file name extensions. */
export function mediaAccept(limits: UploadLimits | undefined, choice: MediaChoice): string {
  const types = kindsOf(choice).flatMap((kind) => typesOf(limits, kind));
  return [...types, ...extensionsOf(types)].join(',');
}

/** The `accept` attribute of image pickers. */
export const imageAccept = (limits: UploadLimits | undefined) => mediaAccept(limits, 'photos');

function orList(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return t('common.orList', { list: labels.slice(0, -1).join(', '), last: labels.at(-1) });
}

/** "JPEG, PNG, WebP, GIF, AVIF, HEIC or HEIF": the accepted kinds of pictures, for messages. */
export function acceptedKindsText(limits: UploadLimits | undefined): string {
  return orList(
    typesOf(limits, 'photo').map(
      (type) => KNOWN_TYPES[type]?.label ?? type.replace(/^image\//, ''),
    ),
  );
}

/** "MP4, MOV or WebM": the accepted kinds of videos, for messages. */
export function acceptedVideoKindsText(limits: UploadLimits | undefined): string {
  return orList(
    typesOf(limits, 'video').map(
      (type) => KNOWN_TYPES[type]?.label ?? type.replace(/^video\//, ''),
    ),
  );
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

/** "up to 50 MB and 100 megapixels": the server's limits for pictures, for help texts. */
export function uploadLimitText(limits: UploadLimits): string {
  const megapixels = Math.floor(limits.maxPixels / 1_000_000);
  const size = formatBytes(limits.maxBytes);
  return megapixels >= 1
    ? t('common.upToSizeAndPixels', { size, megapixels })
    : t('common.upToSize', { size });
}

/** "up to 2 GB and 3 hours": the server's limits for videos, for help texts. */
export function videoLimitText(limits: UploadLimits): string {
  const hours = limits.maxVideoSeconds / 3600;
  const minutes = Math.floor(limits.maxVideoSeconds / 60);
  const length =
    hours >= 1 && Number.isInteger(hours)
      ? t('common.hours', { count: hours })
      : t('common.minutes', { count: minutes });
  return t('common.upToSizeAndLength', { size: formatBytes(limits.maxVideoBytes), length });
}

/** Types that say nothing of the content: judged by the name then. */
const VAGUE_TYPES = new Set(['', 'application/octet-stream']);

/**
 * What the file looks like, by its type, or by its name when the browser gives no type (Chrome
 * and Firefox often give none for HEIC, say); null when it is none of the accepted kinds.
 */
function kindOf(file: File, limits: UploadLimits | undefined, choice: MediaChoice): Kind | null {
  for (const kind of kindsOf(choice)) {
    const types = typesOf(limits, kind);
    if (VAGUE_TYPES.has(file.type)) {
      const name = file.name.toLowerCase();
      if (extensionsOf(types).some((extension) => name.endsWith(extension))) return kind;
    } else if (types.includes(file.type)) {
      return kind;
    }
  }
  return null;
}

/**
 * Why a file cannot be uploaded, or null when it can, by the server's limits: pictures within
 * upload.maxBytes, videos within upload.maxVideoBytes. Until they are known only the kind of file
 * is checked; the server checks everything again, by content.
 */
export function fileProblem(
  file: File,
  limits: UploadLimits | undefined,
  choice: MediaChoice = 'photos',
): string | null {
  const kind = kindOf(file, limits, choice);
  if (!kind) {
    return choice === 'photos'
      ? t('common.fileNotPhoto', { name: file.name, kinds: acceptedKindsText(limits) })
      : t('common.fileNotMedia', {
          name: file.name,
          kinds: acceptedKindsText(limits),
          videoKinds: acceptedVideoKindsText(limits),
        });
  }
  if (file.size === 0) return t('common.fileEmpty', { name: file.name });
  if (!limits) return null;
  const max = kind === 'video' ? limits.maxVideoBytes : limits.maxBytes;
  if (file.size > max) {
    return t('common.fileTooLarge', {
      name: file.name,
      size: formatBytes(file.size),
      kind,
      max: formatBytes(max),
    });
  }
  return null;
}

/** What keeps a file out of an album, as fileProblem judges it; null when nothing does. */
export type MediaRefusal =
  { why: 'notMedia' } | { why: 'empty' } | { why: 'tooLarge'; max: number };

export function mediaRefusal(file: File, limits: UploadLimits | undefined): MediaRefusal | null {
  const kind = kindOf(file, limits, 'photosAndVideos');
  if (!kind) return { why: 'notMedia' };
  if (file.size === 0) return { why: 'empty' };
  const max = limits && (kind === 'video' ? limits.maxVideoBytes : limits.maxBytes);
  return max !== undefined && file.size > max ? { why: 'tooLarge', max } : null;
}
