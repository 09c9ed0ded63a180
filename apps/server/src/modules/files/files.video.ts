import { UNSUPPORTED_MEDIA_MESSAGE } from '@photo/contract';
import { AppError } from '../../lib/errors.js';
import type { PreparedMedia, SniffedMedia } from './files.media.js';
import type { ReceivedFile } from './files.receive.js';

/** A video: its container and codecs probed, its poster frame taken, its facts read. */
export function prepareVideo(
  _received: ReceivedFile,
  _container: Extract<SniffedMedia, { kind: 'video' }>['container'],
): Promise<PreparedMedia> {
  return Promise.reject(
    new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_MEDIA_MESSAGE, { field: 'file' }),
  );
}
