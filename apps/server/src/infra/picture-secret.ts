import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The key of picture signatures: PICTURE_URL_SECRET when set (several instances must share it),
 * else one made on first start in the data folder.
 */
export async function loadOrCreatePictureSecret(
  dataDir: string,
  configured: string | undefined,
): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'picture-url-secret');
  try {
    return Buffer.from(await fs.readFile(file, 'utf8'), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await fs.writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from(await fs.readFile(file, 'utf8'), 'base64url');
  }
}
