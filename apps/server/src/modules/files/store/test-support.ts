/** Test helpers of the files module: what is stored. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from '../../../test/harness.js';

async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** What the files module has stored: rows, blob files (staging included) and temporary uploads. */
export async function stored(ctx: TestContext) {
  const { count } = await ctx.deps.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return {
    rows: Number(count),
    blobs: (await filesUnder(path.join(ctx.dataDir, 'blobs'))).length,
    temporary: (await filesUnder(ctx.deps.uploadTmpDir)).length,
  };
}

/** The bytes stored under a blob key (the original as uploaded, under its row's blob_key). */
export async function storedBlob(ctx: TestContext, key: string): Promise<Buffer> {
  const blob = await ctx.deps.blobStore.read(key);
  if (!blob) throw new Error(`no blob under ${key}`);
  return Buffer.concat((await blob.stream.toArray()) as Buffer[]);
}
