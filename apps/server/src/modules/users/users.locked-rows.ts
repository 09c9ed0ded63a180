import { inBatches } from '../../db/id-batches.js';
import type { Db } from '../../db/schema.js';

/**
 * Every profile picture that is one of these files becomes the default avatar: the files go to
 * their owner's locked place, and show nowhere (decision 0084).
 */
export async function unsetPicturesOfFiles(db: Db, fileIds: readonly string[]): Promise<void> {
  for (const batch of inBatches([...new Set(fileIds)])) {
    await db
      .updateTable('users')
      .set({ profile_pic_file_id: null })
      .where('profile_pic_file_id', 'in', batch)
      .execute();
  }
}
