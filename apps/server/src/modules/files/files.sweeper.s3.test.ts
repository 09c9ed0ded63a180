import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@photo/contract';
import { newFileId } from '../../lib/ids.js';
import { madeBeforeAll, signUp, useTestContext } from '../../test/harness.js';
import { imageOf } from '../../test/images.js';
import { startS3Peer } from '../../test/s3-peer.js';
import { blobKeys } from './store/blobs.js';
import { SWEEP_POLICY, sweepLeftovers } from './files.sweeper.js';

/** The sweeper of crash leftovers on a bucket: it lists objects and removes those no row names. */
const peer = madeBeforeAll(() => startS3Peer('sweeper-photos'));
const ctx = useTestContext(() => peer.env);

describe('leftovers of crashes in a bucket', () => {
  it('removes objects no file names once their grace has passed, and keeps every object in use', async () => {
    const user = await signUp(ctx.app);
    const file = (await ctx.api(user).upload(await imageOf('jpeg', 800, 600))).json<UploadedFile>();
    // In use: the person's picture (a file nothing uses a day on is a leftover the sweeper releases).
    const picture = await ctx
      .api(user)
      .setProfilePhoto({ profilePicUrl: `/api/files/show/${file.id}` });
    expect(picture.statusCode).toBe(200);
    // What a crash between storing the blobs and committing the row leaves.
    const orphan = newFileId();
    const orphanKeys = [
      blobKeys.original(orphan),
      blobKeys.derived(orphan, 'thumb'),
      blobKeys.derived(orphan, 'preview'),
    ];
    for (const key of orphanKeys) {
      await ctx.deps.blobStore.putBuffer(key, randomBytes(64), 'image/webp');
    }
    // Someone else's object in the bucket is not ours to judge.
    await ctx.deps.blobStore.putBuffer('backups/notes.txt', Buffer.from('x'), 'text/plain');
    const inUse = [
      blobKeys.original(file.id),
      blobKeys.derived(file.id, 'thumb'),
      blobKeys.derived(file.id, 'preview'),
      blobKeys.derived(file.id, 'card'),
      blobKeys.derived(file.id, 'card3x'),
    ];

    // Within the grace, nothing goes.
    expect((await sweepLeftovers(ctx.deps)).orphanBlobs).toBe(0);
    expect(await peer.keys()).toEqual([...inUse, ...orphanKeys, 'backups/notes.txt'].sort());

    ctx.clock.advance(SWEEP_POLICY.orphanBlobGraceMs + 60_000);
    expect((await sweepLeftovers(ctx.deps)).orphanBlobs).toBe(3);
    expect(await peer.keys()).toEqual([...inUse, 'backups/notes.txt'].sort());
    expect((await ctx.api().show(file.id, 'thumb')).statusCode).toBe(200);
  });
});
