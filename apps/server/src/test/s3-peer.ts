import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3BlobStore } from '../storage/s3-blob-store.js';
import { freePort } from './ports.js';

/** A real S3-protocol server (s3rver) on a free local port with one bucket (tests only). */
export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at this bucket. */
  env: Record<string, string>;
  /** A store on this bucket (or another one), to look at what the app put there. */
  store(otherBucket?: string): S3BlobStore;
  /** Makes another bucket. */
  createBucket(name: string): Promise<void>;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export const S3_PEER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Peer(bucket = 'photos-test'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return peerOn(`http://127.0.0.1:${port}`, bucket, async () => {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  });
}

/**
 * moto's S3 server (`moto_server`, a Python program), for what s3rver does not answer: the multipart
 * calls ListParts and AbortMultipartUpload. Null when the machine has no `moto_server`.
 */
export async function startMotoS3Peer(bucket = 'photos-test'): Promise<S3Peer | null> {
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  } catch {
    return null;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(endpoint);
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        await stop();
        throw new Error(`moto_server did not answer on ${endpoint}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const peer = peerOn(endpoint, bucket, stop);
  await peer.createBucket(bucket);
  return peer;
}

function peerOn(endpoint: string, bucket: string, close: () => Promise<void>): S3Peer {
  const store = (otherBucket?: string) =>
    new S3BlobStore({
      bucket: otherBucket ?? bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      ...S3_PEER_CREDENTIALS,
    });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_PEER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_PEER_CREDENTIALS.secretAccessKey,
    },
    store,
    createBucket: async (name) => {
      await store().client.send(new CreateBucketCommand({ Bucket: name }));
    },
    keys: async () => {
      const keys: string[] = [];
      for await (const blob of store().list()) keys.push(blob.key);
      return keys.sort();
    },
    close,
  };
}
