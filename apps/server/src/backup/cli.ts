// npm run backup -- --out DIR   |   npm run restore -- --from DIR
// Reads the same environment as the server (DATA_DIR, DATABASE_URL, S3_*).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backup, restore } from './backup.js';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, from: { type: 'string' } },
  });
  const config = loadConfig();
  if (command === 'backup' && values.out) {
    const manifest = await backup(config, path.resolve(values.out));
    console.warn(
      `backed up the ${manifest.database} database and ${manifest.blobs} blobs ` +
        `(${(manifest.blobBytes / 1024 / 1024).toFixed(1)} MiB) to ${values.out}` +
        (manifest.blobsGoneMeanwhile > 0
          ? `; ${manifest.blobsGoneMeanwhile} blobs were deleted while it ran`
          : ''),
    );
  } else if (command === 'restore' && values.from) {
    const manifest = await restore(config, path.resolve(values.from));
    console.warn(
      `restored the ${manifest.database} database and ${manifest.blobs} blobs of ${manifest.createdAt}`,
    );
  } else {
    throw new BackupError('usage: backup --out DIR | restore --from DIR');
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BackupError || error instanceof ConfigError ? error.message : error,
  );
  process.exit(1);
});
