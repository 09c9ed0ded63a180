import type { AcceptedImageType, AcceptedVideoType } from '@photo/contract';

/** The file name extension of each accepted type (without its dot), as files are saved under. */
const EXTENSIONS: Record<AcceptedImageType | AcceptedVideoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** "jpg" for image/jpeg: the extension a file of this type is saved under; "bin" for another. */
export function extensionOfType(contentType: string): string {
  return Object.hasOwn(EXTENSIONS, contentType)
    ? EXTENSIONS[contentType as keyof typeof EXTENSIONS]
    : 'bin';
}
