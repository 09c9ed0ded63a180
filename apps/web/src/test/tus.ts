import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  RESUMABLE_UPLOADS_PATH,
  clientConfigSchema,
  type ClientConfig,
  type UploadedFile,
} from '@photo/contract';
import { jsonResponse, type SentRequest, type fakeNetwork } from './network';

type Network = ReturnType<typeof fakeNetwork>;

/** What GET client-config answers, with tiny chunks so that a test's file takes several. */
export function testClientConfig(
  upload: Partial<ClientConfig['upload']> & { chunkBytes?: number } = {},
): ClientConfig {
  const { chunkBytes = 4, ...rest } = upload;
  return clientConfigSchema.parse({
    upload: {
      maxBytes: 90_000_000,
      acceptedTypes: [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES],
      maxPixels: 100_000_000,
      maxVideoBytes: 2_000_000_000,
      maxVideoSeconds: 10_800,
      resumable: { endpoint: RESUMABLE_UPLOADS_PATH, versions: ['1.0.0'], chunkBytes },
      ...rest,
    },
    identity: { baseUrl: '/identity/v1', tokenUrl: '/identity/v1/token', embedded: true },
    trash: { days: 30 },
  });
}

export interface FakeUpload {
  id: string;
  length: number;
  offset: number;
  metadata: Record<string, string>;
}

export interface FakeTusOptions {
  /**
   * The finishing PATCH's answer: by default 200 with the stored file (UploadedFile); a function
   * may answer a refusal instead.
   */
  finish?: (upload: FakeUpload) => Response;
  /** Called before a PATCH is answered; may hold it (a promise) or answer it (a Response). */
  beforePatch?: (upload: FakeUpload, request: SentRequest) => Promise<Response | void> | void;
}

const tusHeaders = { 'Tus-Resumable': '1.0.0' };

function parseMetadata(header: string | null): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) metadata[key] = atob(value);
  }
  return metadata;
}

/**
 * A tus 1.0 server in the tests' network (creation, HEAD, PATCH), keeping each upload's offset,
 * so that a resumed upload is answered where the last one stopped. `received` counts the bytes
 * the PATCHes carried that were accepted.
 */
export function fakeTusServer(network: Network, options: FakeTusOptions = {}) {
  const uploads = new Map<string, FakeUpload>();
  const state = { received: 0, uploads, restore: (upload: FakeUpload) => restore(upload) };
  let next = 0;

  const finish =
    options.finish ??
    ((upload: FakeUpload) =>
      jsonResponse(200, {
        id: `f-${upload.id}`,
        url: `/api/files/show/f-${upload.id}`,
        contentType: upload.metadata.filetype || 'image/jpeg',
        size: upload.length,
        width: 1,
        height: 1,
        placeholder: null,
        ready: true,
        kind: upload.metadata.filetype?.startsWith('video/') ? 'video' : 'photo',
        durationMs: null,
      } satisfies UploadedFile));

  const addRoutes = (upload: FakeUpload) => {
    const path = `${RESUMABLE_UPLOADS_PATH}/${upload.id}`;
    network.on(`HEAD ${path}`, () => {
      return new Response(null, {
        status: 200,
        headers: {
          ...tusHeaders,
          'Upload-Offset': String(upload.offset),
          'Upload-Length': String(upload.length),
          'Cache-Control': 'no-store',
        },
      });
    });
    network.on(`PATCH ${path}`, async (request) => {
      const held = await options.beforePatch?.(upload, request);
      if (held) return held;
      const offset = Number(request.headers.get('Upload-Offset'));
      if (offset !== upload.offset) {
        return jsonResponse(409, { error: { code: 'CONFLICT', message: 'Wrong offset.' } });
      }
      const body = typeof request.body === 'string' ? request.body : '';
      upload.offset += body.length;
      state.received += body.length;
      if (upload.offset === upload.length) {
        const answer = finish(upload);
        answer.headers.set('Upload-Offset', String(upload.offset));
        answer.headers.set('Tus-Resumable', '1.0.0');
        return answer;
      }
      return new Response(null, {
        status: 204,
        headers: { ...tusHeaders, 'Upload-Offset': String(upload.offset) },
      });
    });
  };

  /** An upload an earlier visit left half done. */
  const restore = (upload: FakeUpload) => {
    uploads.set(upload.id, upload);
    addRoutes(upload);
  };

  network.on(`POST ${RESUMABLE_UPLOADS_PATH}`, (request) => {
    next += 1;
    const upload: FakeUpload = {
      id: `up${next}`,
      length: Number(request.headers.get('Upload-Length')),
      offset: 0,
      metadata: parseMetadata(request.headers.get('Upload-Metadata')),
    };
    uploads.set(upload.id, upload);
    addRoutes(upload);
    return new Response(null, {
      status: 201,
      headers: { ...tusHeaders, Location: `${RESUMABLE_UPLOADS_PATH}/${upload.id}` },
    });
  });

  return state;
}
