import fs from 'node:fs/promises';

/** Removes the data folder the run served from. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
