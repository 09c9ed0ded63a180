import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { newFileId } from '../../lib/ids.js';
import { buildApp, signUp, useTestContext } from '../../test/harness.js';
import { createAlbumAs, showStatus, storeImage } from '../../test/fixtures.js';
import { insertFileUnlessDuplicate } from './store/repository.js';
import { blobKeys } from './store/blobs.js';
import { SWEEP_POLICY, sweepLeftovers } from './files.sweeper.js';

const ctx = useTestContext({ LOG_LEVEL: 'info' });

const HOUR = 3600 * 1000;
const blobPath = (key: string) => path.join(ctx.dataDir, 'blobs', key);
const keysOf = (id: string) => [
  blobKeys.original(id),
  blobKeys.derived(id, 'thumb'),
  blobKeys.derived(id, 'preview'),
];

async function makeOld(file: string, ageMs: number) {
  const then = new Date(ctx.clock.now().getTime() - ageMs);
  await fs.utimes(file, then, then);
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** The blobs an upload stores, written the way the upload writes them, with no row (yet). */
async function blobsWithoutRow(): Promise<string> {
  const id = newFileId();
  for (const key of keysOf(id)) {
    await ctx.deps.blobStore.putBuffer(key, randomBytes(64), 'image/webp');
  }
  return id;
}

async function writeFile(file: string, ageMs = 0) {
  await fs.writeFile(file, randomBytes(256));
  if (ageMs > 0) await makeOld(file, ageMs);
  return file;
}

describe('leftovers of crashes', () => {
  it('are removed when the server starts: staging files, temporary uploads and blobs no row names, and nothing in use or in flight', async () => {
    const user = await signUp(ctx.app);
    // An acknowledged upload, stored long ago: its blobs are old, and named by its row.
    const kept = await storeImage(ctx, user);
    for (const key of keysOf(kept.id)) await makeOld(blobPath(key), 30 * 24 * HOUR);

    // A crash between storing an upload's blobs and committing its row, a day ago.
    const lost = await blobsWithoutRow();
    for (const key of keysOf(lost))
      await makeOld(blobPath(key), SWEEP_POLICY.orphanBlobGraceMs + HOUR);
    // A crash in the middle of writing a blob, and of receiving an upload, two hours ago.
    const staging = path.join(ctx.dataDir, 'blobs', '.tmp');
    const tmp = ctx.deps.uploadTmpDir;
    const staleStaging = await writeFile(
      path.join(staging, randomBytes(12).toString('hex')),
      2 * HOUR,
    );
    const staleUpload = await writeFile(
      path.join(tmp, `${randomBytes(12).toString('hex')}.upload`),
      2 * HOUR,
    );
    const staleCleaned = await writeFile(`${staleUpload}.clean`, 2 * HOUR);

    // Uploads in flight right now: bytes being received, a blob being staged, and the blobs of an
    // upload whose row is about to be committed.
    const receiving = await writeFile(path.join(tmp, `${randomBytes(12).toString('hex')}.upload`));
    const stagingNow = await writeFile(path.join(staging, randomBytes(12).toString('hex')));
    const inFlight = await blobsWithoutRow();

    // The server starts again on the same data.
    let logged = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const restarted = await buildApp(ctx.deps, { logger: { stream } });
    try {
      await restarted.ready();
      await vi.waitFor(() => expect(logged).toContain('removed what crashes left'), {
        timeout: 20_000,
      });
    } finally {
      await restarted.close();
    }
    const reports = logged
      .split('\n')
      .filter((line) => line.includes('removed what crashes left'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line says what was removed.
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      level: 30,
      stagingFiles: 1,
      temporaryUploads: 2,
      orphanBlobs: 3,
      msg: 'removed what crashes left: 1 staging files, 2 temporary uploads, 3 blobs no file uses',
    });

    for (const file of [staleStaging, staleUpload, staleCleaned, ...keysOf(lost).map(blobPath)]) {
      expect(await exists(file), file).toBe(false);
    }
    for (const file of [
      receiving,
      stagingNow,
      ...keysOf(inFlight).map(blobPath),
      ...keysOf(kept.id).map(blobPath),
    ]) {
      expect(await exists(file), file).toBe(true);
    }
    expect(await showStatus(ctx, kept.url)).toBe(200);
    expect(await showStatus(ctx, `${kept.url}?size=thumb`)).toBe(200);

    // The upload in flight commits its row; its blobs stay, however old they grow.
    await insertFileUnlessDuplicate(ctx.deps.db, {
      id: inFlight,
      owner_id: user.uid,
      blob_key: blobKeys.original(inFlight),
      content_type: 'image/jpeg',
      size: 64,
      width: 1,
      height: 1,
      sha256: randomBytes(32).toString('hex'),
      thumb_key: blobKeys.derived(inFlight, 'thumb'),
      preview_key: blobKeys.derived(inFlight, 'preview'),
      date_taken: null,
      camera_make: null,
      camera_model: null,
      created_at: ctx.clock.now().toISOString(),
    });
    for (const key of keysOf(inFlight)) await makeOld(blobPath(key), 30 * 24 * HOUR);
    expect(await sweepLeftovers(ctx.deps)).toEqual({
      stagingFiles: 0,
      temporaryUploads: 0,
      orphanBlobs: 0,
      forgottenFiles: 0,
    });
    for (const key of keysOf(inFlight)) expect(await exists(blobPath(key))).toBe(true);
  });

  it('leaves blobs that are not of its making alone', async () => {
    const strange = 'imports/holiday-2019.jpg';
    await ctx.deps.blobStore.putBuffer(strange, randomBytes(16), 'image/jpeg');
    await makeOld(blobPath(strange), 30 * 24 * HOUR);
    expect((await sweepLeftovers(ctx.deps)).orphanBlobs).toBe(0);
    expect(await exists(blobPath(strange))).toBe(true);
  });

  it("removes a rotated file's derived blobs no row names, and keeps those of its current version", async () => {
    const user = await signUp(ctx.app);
    const file = await storeImage(ctx, user);
    // A turn stored version 1 and recorded it; a crashed turn left version 2 without its row.
    for (const version of [1, 2]) {
      await ctx.deps.blobStore.putBuffer(
        blobKeys.derived(file.id, 'thumb', version),
        randomBytes(64),
        'image/webp',
      );
    }
    await ctx.deps.db
      .updateTable('files')
      .set({ edit_version: 1, rotation: 90, thumb_key: blobKeys.derived(file.id, 'thumb', 1) })
      .where('id', '=', file.id)
      .execute();
    const current = blobPath(`thumb/${file.id}.v1.webp`);
    const crashed = blobPath(`thumb/${file.id}.v2.webp`);
    for (const key of [current, crashed]) await makeOld(key, SWEEP_POLICY.orphanBlobGraceMs + HOUR);
    // The thumbnail of version 0 is named by no row any more either.
    await makeOld(
      blobPath(blobKeys.derived(file.id, 'thumb')),
      SWEEP_POLICY.orphanBlobGraceMs + HOUR,
    );
    expect((await sweepLeftovers(ctx.deps)).orphanBlobs).toBe(2);
    expect(await exists(current)).toBe(true);
    expect(await exists(crashed)).toBe(false);
    expect(await exists(blobPath(blobKeys.derived(file.id, 'thumb')))).toBe(false);
    expect(await exists(blobPath(blobKeys.original(file.id)))).toBe(true);
  });

  it('keeps every acknowledged upload while uploads and passes run side by side', async () => {
    const user = await signUp(ctx.app);
    const uploads = [];
    const passes = [];
    for (let i = 0; i < 6; i += 1) {
      uploads.push(storeImage(ctx, user));
      passes.push(sweepLeftovers(ctx.deps));
    }
    const stored = await Promise.all(uploads);
    await Promise.all(passes);
    await sweepLeftovers(ctx.deps);
    for (const file of stored) {
      expect(await showStatus(ctx, file.url)).toBe(200);
      expect(await showStatus(ctx, `${file.url}?size=preview`)).toBe(200);
    }
  });

  it('releases, a day on, the files nothing uses that a cut-short release left', async () => {
    const user = await signUp(ctx.app);
    const forgotten = await storeImage(ctx, user);
    const { cover } = await createAlbumAs(ctx, user);
    const fresh = await storeImage(ctx, user);
    const dayAgo = new Date(ctx.clock.now().getTime() - SWEEP_POLICY.orphanBlobGraceMs - HOUR);
    await ctx.deps.db
      .updateTable('files')
      .set({ created_at: dayAgo.toISOString() })
      .where('id', 'in', [forgotten.id, cover.id])
      .execute();

    expect((await sweepLeftovers(ctx.deps)).forgottenFiles).toBe(1);
    // Nothing used it: its row and bytes are gone. The album's cover, and an upload of a moment
    // ago that its album or picture has not named yet, stay.
    expect(await showStatus(ctx, forgotten.url)).toBe(404);
    for (const key of keysOf(forgotten.id)) expect(await exists(blobPath(key))).toBe(false);
    expect(await showStatus(ctx, cover.url)).toBe(200);
    expect(await showStatus(ctx, fresh.url)).toBe(200);
  });
});
