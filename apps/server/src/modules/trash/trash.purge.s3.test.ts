import { describe, expect, it } from 'vitest';
import { addPhotoAs, createAlbumAs } from '../../test/fixtures.js';
import { madeBeforeAll, signUp, useTestContext } from '../../test/harness.js';
import { startS3Peer } from '../../test/s3-peer.js';
import { blobKeys } from '../files/store/blobs.js';
import { PURGE_TRASH } from './trash.purge.js';

/** The purge of Trash on a bucket: what is older than TRASH_DAYS leaves the bucket too. */
const peer = madeBeforeAll(() => startS3Peer('trash-photos'));
const ctx = useTestContext(() => ({ ...peer.env, TRASH_DAYS: '7' }));
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the purge of Trash on S3', () => {
  it('removes the objects of photos older than TRASH_DAYS, and keeps those in use', async () => {
    const owner = await signUp(ctx.app);
    const { album } = await createAlbumAs(ctx, owner);
    const kept = await addPhotoAs(ctx, owner, album.id);
    const trashed = await addPhotoAs(ctx, owner, album.id);
    expect((await ctx.api(owner).deletePhoto(trashed.id)).statusCode).toBe(204);
    const original = blobKeys.original(trashed.fileId);
    expect(await peer.keys()).toContain(original);

    ctx.clock.advance(6 * DAY_MS);
    await ctx.deps.jobQueue.send(PURGE_TRASH, {});
    await ctx.deps.jobQueue.settled(PURGE_TRASH);
    expect(await peer.keys()).toContain(original);

    ctx.clock.advance(DAY_MS + 1000);
    await ctx.deps.jobQueue.send(PURGE_TRASH, {});
    await ctx.deps.jobQueue.settled(PURGE_TRASH);
    const left = await peer.keys();
    expect(left.filter((key) => key.includes(trashed.fileId))).toEqual([]);
    expect(left).toContain(blobKeys.original(kept.fileId));
    const rows = await ctx.deps.db
      .selectFrom('trashed_photos')
      .select('id')
      .where('id', '=', trashed.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
