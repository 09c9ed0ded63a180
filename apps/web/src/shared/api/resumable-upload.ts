import type { UploadedFile, UploadLimits } from '@photo/contract';
import type * as TusModule from 'tus-js-client';
import type { DetailedError, HttpRequest, PreviousUpload, Upload } from 'tus-js-client';
import { REFRESHABLE, authHeaders, currentIdToken, refreshedIdToken } from './api-client';
import {
  type ApiError,
  apiErrorFromBody,
  networkError,
  parseJsonBody,
  sessionEndedError,
} from './api-error';
import { t } from '../../i18n/i18n';

/**
 * Photos and videos go to the server through its tus 1.0 endpoint (client-config
 * upload.resumable), with tus-js-client: in chunks of the server's size, retried after a failed
 * request, paused while the browser is offline and resumed when it is back, and resumed after a
 * reload when the same file is chosen again (the upload's address is kept in localStorage under the
 * file's fingerprint). Requests carry the same `idToken` and `X-XSRF-TOKEN` headers as every other
 * API call, and a 401 that a fresh token cures is retried once with one.
 *
 * tus-js-client is loaded on first use, so only the pages that upload pay for it.
 */

export type ResumableSettings = UploadLimits['resumable'];

/** Waits between retries of a failed request; from the first retry that works, they start over. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** abort(KEEP_FOR_LATER): stop sending but keep what the server has, to resume later. */
export const KEEP_FOR_LATER = 'keep-for-later';

export interface ResumableUploadOptions {
  /** The signed-in user: an upload resumes only for the user who started it. */
  owner: string;
  /** Called as bytes go out, with the fraction the server has or is being sent (0..1). */
  onProgress?: (fraction: number) => void;
  /** The browser went offline: the upload waits for the connection. */
  onPause?: () => void;
  /** Sending again from `fraction`, what the server already had (after a pause, a reload, a drop). */
  onResume?: (fraction: number) => void;
  /** The first chunk after resuming was accepted. */
  onResumed?: () => void;
  /**
   * Aborting stops the upload; the server's copy is deleted unless the reason is KEEP_FOR_LATER
   * (leaving the page: the same file chosen later resumes).
   */
  signal?: AbortSignal;
}

type Tus = typeof TusModule;

let loading: Promise<Tus> | null = null;
const loadTus = () => (loading ??= import('tus-js-client'));

const FINGERPRINT_PREFIX = 'photo-upload';

/** One part of a fingerprint: ':' separates them. */
const part = (value: string | number) =>
  String(value).replaceAll('%', '%25').replaceAll(':', '%3A');

/** What identifies a file across reloads: its name, type, size and date, the user and endpoint. */
function fingerprintOf(file: File, owner: string, endpoint: string): string {
  return [FINGERPRINT_PREFIX, owner, endpoint, file.name, file.type, file.size, file.lastModified]
    .map(part)
    .join(':');
}

const TUS_VERSION = '1.0.0';

/** An ApiError for a failed tus request: the server's error body, or a network failure. */
function errorOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response || response.getStatus() === 0) return networkError();
  return apiErrorFromBody(response.getStatus(), '', response.getBody());
}

function uploadedFileFrom(body: string): UploadedFile | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as Partial<UploadedFile>;
    return typeof parsed.id === 'string' ? (parsed as UploadedFile) : null;
  } catch {
    return null;
  }
}

/** Times to ask for a finished upload's file while the server is still storing it, a second apart. */
const STORING_ATTEMPTS = 30;

/**
 * The stored file of an upload whose finishing answer was lost (the connection dropped as it came,
 * or the page was reloaded): the upload's address answers it to GET.
 */
async function finishedFile(uploadUrl: string): Promise<UploadedFile> {
  const get = async (token: string | null) => {
    try {
      return await fetch(uploadUrl, {
        headers: { Accept: 'application/json', ...authHeaders('GET', token) },
        credentials: 'same-origin',
      });
    } catch {
      throw networkError();
    }
  };
  let token = await currentIdToken();
  for (let attempt = 1; ; attempt += 1) {
    let response = await get(token);
    if (response.status === 401) {
      token = await refreshedIdToken(token);
      if (!token) throw sessionEndedError();
      response = await get(token);
    }
    const body = await response.text();
    // 409: the file is still being stored; it is there in a moment.
    if (response.status === 409 && attempt < STORING_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, body);
    return parseJsonBody<UploadedFile>(response.status, body);
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The file a finished upload stored: in the last answer, or else asked of the server at the
 * upload's address (`url`, read only then); `done` or `failed` is called once.
 */
function storedFileOf(
  body: string,
  url: () => string | null | undefined,
  done: (stored: UploadedFile) => void,
  failed: (error: Error) => void,
): void {
  const stored = uploadedFileFrom(body);
  if (stored) {
    done(stored);
    return;
  }
  const address = url();
  if (!address) {
    failed(networkError());
    return;
  }
  finishedFile(address).then(done, (error: unknown) =>
    failed(error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * Starts `upload`, from where this browser's last upload of the same file stopped if it knows one
 * (`resuming` is then told); not once the upload is settled, and paused while offline.
 */
async function startWherePreviousStopped(
  upload: Upload,
  when: { resuming: () => void; settled: () => boolean; pause: () => void },
): Promise<void> {
  try {
    const previous = await upload.findPreviousUploads();
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest) {
      upload.resumeFromPreviousUpload(latest);
      when.resuming();
    }
  } catch {
    // No storage (a private window): the upload starts from the beginning.
  }
  if (when.settled()) return;
  if (isOffline()) {
    when.pause();
    return;
  }
  upload.start();
}

/**
 * Uploads one file through the tus endpoint and resolves with what the finishing PATCH answers,
 * the stored file (UploadedFile); throws ApiError with the server's message when it refuses the
 * file, or an AbortError when `signal` aborts.
 */
export async function uploadResumable(
  file: File,
  settings: ResumableSettings,
  options: ResumableUploadOptions,
): Promise<UploadedFile> {
  const { signal } = options;
  const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
  if (signal?.aborted) throw cancelled();
  const tus = await loadTus();
  if (signal?.aborted) throw cancelled();

  return new Promise<UploadedFile>((resolve, reject) => {
    let token: string | null = null;
    // A 401 that a fresh token cures: the next request refreshes it first (once per refusal).
    let refresh: Promise<string | null> | null = null;
    let refreshedOnce = false;
    let paused = false;
    let resuming = false;
    let resumedChunkPending = false;
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    const pause = () => {
      if (paused || settled) return;
      paused = true;
      options.onPause?.();
    };

    const onOffline = () => {
      if (paused || settled) return;
      // Stop at once: the request under way cannot succeed, and waiting for its retries to run
      // out would make it a failure.
      void upload.abort(false);
      pause();
    };

    const onOnline = () => {
      if (!paused || settled) return;
      paused = false;
      resuming = true;
      upload.start();
    };

    const onAbort = () => {
      const keep = signal?.reason === KEEP_FOR_LATER;
      // Deleting may fail (offline): the server forgets unfinished uploads after a while anyway.
      upload.abort(!keep).catch(() => undefined);
      finish(() => reject(cancelled()));
    };

    const upload: Upload = new tus.Upload(file, {
      endpoint: settings.endpoint,
      chunkSize: settings.chunkBytes,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      fingerprint: async () => fingerprintOf(file, options.owner, settings.endpoint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request: HttpRequest) => {
        if (refresh) {
          const stale = refresh;
          refresh = null;
          token = await stale;
          if (!token) {
            void upload.abort(false);
            finish(() => reject(sessionEndedError()));
            return;
          }
        } else {
          token = await currentIdToken();
        }
        for (const [name, value] of Object.entries(authHeaders(request.getMethod(), token))) {
          request.setHeader(name, value);
        }
      },
      onAfterResponse: (request, response) => {
        const status = response.getStatus();
        if (status < 400) refreshedOnce = false;
        // Where the server stands, asked before going on (after a pause, a reload, a drop).
        if (request.getMethod() === 'HEAD' && status === 200 && resuming && !settled) {
          const offset = Number(response.getHeader('Upload-Offset'));
          const length = Number(response.getHeader('Upload-Length'));
          if (Number.isFinite(offset) && length > 0) {
            resuming = false;
            resumedChunkPending = offset < length;
            options.onResume?.(offset / length);
          }
        }
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 401) {
          if (refreshedOnce) return false;
          const refused = apiErrorFromBody(401, '', error.originalResponse?.getBody() ?? '');
          if (!REFRESHABLE.has(refused.code)) return false;
          refreshedOnce = true;
          refresh = refreshedIdToken(token);
          return true;
        }
        // Offline: no retry now; the upload pauses until the browser is online again.
        if (isOffline()) return false;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => {
        // While resuming, the server's answer to HEAD says where the upload stands.
        if (paused || resuming || settled || total <= 0) return;
        options.onProgress?.(sent / total);
      },
      onChunkComplete: () => {
        if (!resumedChunkPending) return;
        resumedChunkPending = false;
        options.onResumed?.();
      },
      onSuccess: ({ lastResponse }) =>
        storedFileOf(
          lastResponse.getBody(),
          () => upload.url,
          (stored) => finish(() => resolve(stored)),
          (error) => finish(() => reject(error)),
        ),
      onError: (error) => {
        if (settled) return;
        if (isOffline()) {
          pause();
          return;
        }
        finish(() => reject(errorOf(error)));
      },
    });

    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort, { once: true });

    void startWherePreviousStopped(upload, {
      resuming: () => {
        resuming = true;
      },
      settled: () => settled,
      pause,
    });
  });
}

/** An upload started on this browser and not finished: its file must be chosen again to finish. */
export interface UnfinishedUpload {
  /** Where the browser keeps it (to forget it). */
  key: string;
  name: string;
  size: number;
  /** What the server has, 0..1; null when it could not be asked. */
  fraction: number | null;
  uploadUrl: string;
}

/**
 * The uploads of `owner` that stopped before the end (a reload, a closed tab), with what the
 * server has of each (HEAD). Those the server no longer knows are forgotten.
 */
export async function findUnfinishedUploads(
  settings: ResumableSettings,
  owner: string,
): Promise<UnfinishedUpload[]> {
  const tus = await loadTus();
  if (!tus.canStoreURLs) return [];
  const storage = tus.defaultOptions.urlStorage;
  const prefix = `tus::${[FINGERPRINT_PREFIX, owner, settings.endpoint].map(part).join(':')}:`;
  const all: PreviousUpload[] = await storage.findAllUploads();
  const mine = all.filter(
    (entry) => entry.urlStorageKey.startsWith(prefix) && entry.uploadUrl !== null,
  );
  const token = await currentIdToken();
  const found = await Promise.all(
    mine.map(async (entry): Promise<UnfinishedUpload | null> => {
      const uploadUrl = entry.uploadUrl!;
      const unfinished: UnfinishedUpload = {
        key: entry.urlStorageKey,
        name: entry.metadata.filename ?? t('common.aFile'),
        size: entry.size ?? 0,
        fraction: null,
        uploadUrl,
      };
      let response: Response;
      try {
        response = await fetch(uploadUrl, {
          method: 'HEAD',
          headers: { 'Tus-Resumable': TUS_VERSION, ...authHeaders('HEAD', token) },
          credentials: 'same-origin',
        });
      } catch {
        return unfinished;
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 401) {
        await storage.removeUpload(entry.urlStorageKey);
        return null;
      }
      const offset = Number(response.headers.get('Upload-Offset'));
      const length = Number(response.headers.get('Upload-Length'));
      if (response.ok && Number.isFinite(offset) && length > 0) {
        unfinished.fraction = offset / length;
      }
      return unfinished;
    }),
  );
  return found.filter((entry) => entry !== null);
}

/** Forgets an unfinished upload: the browser's note of it, and the server's bytes. */
export async function forgetUnfinishedUpload(upload: UnfinishedUpload): Promise<void> {
  const tus = await loadTus();
  await tus.defaultOptions.urlStorage.removeUpload(upload.key);
  const token = await currentIdToken();
  try {
    await fetch(upload.uploadUrl, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': TUS_VERSION, ...authHeaders('DELETE', token) },
      credentials: 'same-origin',
    });
  } catch {
    // Offline: the server forgets unfinished uploads after a while anyway.
  }
}
