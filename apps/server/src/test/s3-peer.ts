import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3BlobStore } from '../storage/s3-blob-store.js';

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
  const endpoint = `http://127.0.0.1:${port}`;
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
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
