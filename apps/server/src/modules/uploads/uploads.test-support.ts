import type { AddressInfo } from 'node:net';
import type { UploadedFile } from '@photo/contract';
import { Upload } from 'tus-js-client';
import type { TestContext } from '../../test/harness.js';
import { patchCountingStack } from '../../test/tus-counting.js';

/** The app of a test context, listening on a local port (tus-js-client speaks real HTTP). */
export async function listeningOrigin(ctx: TestContext): Promise<string> {
  const address = ctx.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

export interface TusResult {
  /** The upload URL the server gave. */
  url: string;
  /** The body of the last answer: the UploadedFile JSON once the last PATCH stored it. */
  file: UploadedFile;
  status: number;
  /** Bytes this client put in PATCH bodies, counting those of a request that broke off. */
  bytesSent: number;
}

export interface TusOptions {
  origin: string;
  idToken: string;
  filename?: string;
  filetype?: string;
  chunkSize?: number;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  /** Cut the connection once this many bytes of the file have been sent (the promise rejects). */
  cutAt?: number;
  /** Called with the upload URL once the server gave it. */
  onUrl?: (url: string) => void;
}

/** Sends bytes with the real tus client, as the web app and phones do. */
export function tusUpload(data: Buffer, options: TusOptions): Promise<TusResult> {
  return new Promise((resolve, reject) => {
    let cut = false;
    const counting = patchCountingStack();
    const upload: Upload = new Upload(data, {
      endpoint: `${options.origin}/api/uploads`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      chunkSize: options.chunkSize ?? 256 * 1024,
      retryDelays: [],
      headers: { idToken: options.idToken },
      metadata: {
        filename: options.filename ?? 'photo.jpg',
        filetype: options.filetype ?? 'image/jpeg',
      },
      onUploadUrlAvailable: () => options.onUrl?.(upload.url ?? ''),
      httpStack: counting.stack,
      onProgress: (sent) => {
        if (options.cutAt !== undefined && !cut && sent >= options.cutAt) {
          cut = true;
          void upload.abort(false).then(() => reject(new CutOff(counting.bytesSent())));
        }
      },
      onError: (error) => reject(error),
      onSuccess: ({ lastResponse }) => {
        resolve({
          url: upload.url ?? '',
          file: JSON.parse(lastResponse.getBody() || 'null') as UploadedFile,
          status: lastResponse.getStatus(),
          bytesSent: counting.bytesSent(),
        });
      },
    });
    upload.start();
  });
}

/** The client cut its connection on purpose, having sent `bytesSent` bytes. */
export class CutOff extends Error {
  constructor(readonly bytesSent: number) {
    super(`cut off after ${bytesSent} bytes`);
  }
}
