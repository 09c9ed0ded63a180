// s3rver, a local S3-protocol server, for benchmarks of the S3 blob store.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { repoRoot } from './server.js';

/**
 * s3rver in a process of its own, keeping its files in `dir` with the one bucket `bucket`, so
 * that neither its memory nor its work counts as the process measured.
 */
export async function startS3rver(
  dir: string,
  bucket: string,
): Promise<{ endpoint: string; stop(): void }> {
  const script = `
    const { default: S3rver } = await import('s3rver');
    const server = new S3rver({ address: '127.0.0.1', port: 0, directory: ${JSON.stringify(dir)},
      silent: true, configureBuckets: [{ name: ${JSON.stringify(bucket)} }] });
    const { port } = await server.run();
    console.log(port);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { endpoint: `http://127.0.0.1:${line.toString().trim()}`, stop: () => child.kill() };
}
