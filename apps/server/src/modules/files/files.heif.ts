import { UNSUPPORTED_MEDIA_MESSAGE } from '@photo/contract';
import { AppError } from '../../lib/errors.js';
import type { PreparedMedia } from './files.media.js';
import type { ReceivedFile } from './files.receive.js';

/** A HEIF image (HEIC): checked, decoded once into its still, its facts read. */
export function prepareHeif(_received: ReceivedFile): Promise<PreparedMedia> {
  return Promise.reject(
    new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_MEDIA_MESSAGE, { field: 'file' }),
  );
}
