/**
 * The real server process killed with SIGKILL in the middle of deleting a full Trash for good, by
 * Empty Trash and by the purge job (decision 0080): after the restart nothing points at a missing
 * file or blob, and the blobs no row names are the sweeper's, which removes them.
 */
import { describe, expect, it } from 'vitest';
import { runTrashCrash, type TrashCrashOptions } from '../test/crash-trash.js';

const database = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const PHOTOS = Number(process.env.CRASH_TRASH_PHOTOS ?? 300);

describe('kill -9 while Trash is deleted for good', () => {
  it.each<TrashCrashOptions['mode']>(['empty', 'purge'])(
    '%s: no dangling reference, and only blobs the sweeper removes',
    async (mode) => {
      const report = await runTrashCrash({ database, mode, photos: PHOTOS, killAt: [0.2, 0.8] });
      const figures = JSON.stringify(report);
      // Killed in the middle: some of the Trash's files had gone, some not yet.
      expect(report.filesAtKill, figures).toBeGreaterThan(0);
      expect(report.filesAtKill, figures).toBeLessThan(report.files);
      expect(report.dangling).toEqual([]);
      expect(report.swept, figures).toBe(report.orphanBlobs);
      expect(report.orphanBlobsAfterSweep).toBe(0);
      expect(report.danglingAfterSweep).toEqual([]);
      // The files whose release the kill cut short go with the sweeper's next pass.
      expect(report.unusedFilesAfterSweep, figures).toBe(0);
      if (mode === 'purge') expect(report.leftInTrash).toBe(0);
    },
    // 25 to 30 s each on a quiet 2-core machine; over 120 s beside the end-to-end tests.
    300_000,
  );
});
