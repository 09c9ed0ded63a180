import type { UploadLimits } from '@photo/contract';
import { ApiError } from '../api/api-error';
import { t } from '../../i18n/i18n';
import { formatBytes, mediaRefusal } from './file-checks';

/**
 * Why a file is not added, in a few words, when sending it again cannot help: the same wording on
 * the upload page and on a share link's "Add photos". Network and server failures are not
 * refusals: those keep their message and a Retry.
 */
export type Refusal = string;

/** Refused before anything is sent: not a photo or video, empty, or over the server's limit. */
export function refusalBeforeSending(file: File, limits: UploadLimits | undefined): Refusal | null {
  const refusal = mediaRefusal(file, limits);
  if (!refusal) return null;
  if (refusal.why === 'tooLarge')
    return t('upload.reason.tooLarge', { max: formatBytes(refusal.max) });
  return t(refusal.why === 'empty' ? 'upload.reason.empty' : 'upload.reason.notMedia');
}

/**
 * The server's answer about the file itself, in the words of a refusal; null for any other error
 * (the network, the server, the session), which a retry may cure.
 */
export function refusalOf(
  error: unknown,
  file: File,
  limits: UploadLimits | undefined,
): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'DUPLICATE_PHOTO') return t('upload.reason.duplicate');
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('upload.reason.notMedia');
  if (error.code !== 'PAYLOAD_TOO_LARGE') return null;
  // Within the bytes allowed, the pixels were too many.
  if (limits && file.size <= limits.maxBytes && !file.type.startsWith('video/')) {
    return t('upload.reason.tooManyPixels', {
      megapixels: Math.floor(limits.maxPixels / 1_000_000),
    });
  }
  return limits
    ? t('upload.reason.tooLarge', { max: formatBytes(limits.maxBytes) })
    : t('upload.reason.tooLargeForServer');
}
