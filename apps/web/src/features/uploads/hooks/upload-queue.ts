import { ApiError, errorMessage, isAbortError } from '../../../shared/api/api-error';
import type { UploadLimits } from '@photo/contract';
import { KEEP_FOR_LATER } from '../../../shared/api/resumable-upload';
import { fileProblem } from '../../../shared/lib/file-checks';
import type { AddPhotoInput, AddPhotoOutcome } from '../api/add-photo';
import { t } from '../../../i18n/i18n';

export type UploadStatus =
  | 'rejected' // refused before upload (not an image, too large)
  | 'queued'
  | 'uploading'
  | 'paused' // offline: waits for the connection, then goes on by itself
  | 'resuming' // sending again from what the server already had
  | 'adding' // stored, being added to the album
  | 'done'
  | 'duplicate' // already in this album
  | 'failed'
  | 'cancelled';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  /** Fraction of the bytes sent, 0..1. */
  progress: number;
  /** Where the upload last resumed (after a pause, a reload, a dropped request), 0..1. */
  resumedAt?: number;
  /** Why it was refused or failed. */
  message?: string;
}

export type UploadRunner = (input: AddPhotoInput) => Promise<AddPhotoOutcome>;

/** Uploads at the same time: a few, so each shows progress and the connection is kept busy. */
export const UPLOAD_CONCURRENCY = 3;

const ACTIVE: ReadonlySet<UploadStatus> = new Set(['uploading', 'paused', 'resuming', 'adding']);
export const isActive = (item: UploadItem) => ACTIVE.has(item.status);

/** Answers about the file itself: shown on the file, and not worth a retry. */
export const REFUSED_FILE_CODES: readonly string[] = [
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
];

let lastId = 0;

/** Why a file failed, told about that file; the server's words when there is nothing better. */
function failureText(file: File, error: unknown): string {
  if (error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    return t('upload.refused', { name: file.name, error: error.message });
  }
  if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
    return t('upload.tooLarge', { name: file.name, error: error.message });
  }
  return errorMessage(error);
}

/**
 * The files a user chose, uploaded a few at a time. Each can be cancelled, and retried after a
 * failure. Plain TypeScript with a subscribe/getSnapshot pair, for useSyncExternalStore.
 */
export class UploadQueue {
  #items: readonly UploadItem[] = [];
  readonly #controllers = new Map<string, AbortController>();
  readonly #listeners = new Set<() => void>();
  #run: UploadRunner;
  #limits: UploadLimits | undefined;
  readonly #concurrency: number;

  constructor(run: UploadRunner, concurrency = UPLOAD_CONCURRENCY) {
    this.#run = run;
    this.#concurrency = concurrency;
  }

  /** Uses the latest runner from now on (it comes from a React hook). */
  setRunner(run: UploadRunner) {
    this.#run = run;
  }

  /** Checks the files added from now on against the server's limits (once they are known). */
  setLimits(limits: UploadLimits | undefined) {
    this.#limits = limits;
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = () => this.#items;

  add(files: Iterable<File>) {
    const added: UploadItem[] = [];
    for (const file of files) {
      const problem = fileProblem(file, this.#limits, 'photosAndVideos');
      lastId += 1;
      added.push({
        id: `upload-${lastId}`,
        file,
        status: problem ? 'rejected' : 'queued',
        progress: 0,
        message: problem ?? undefined,
      });
    }
    if (added.length === 0) return;
    this.#set([...this.#items, ...added]);
    this.#pump();
  }

  cancel(id: string) {
    const item = this.#find(id);
    if (!item) return;
    if (isActive(item)) this.#controllers.get(id)?.abort();
    else if (item.status === 'queued') this.#update(id, { status: 'cancelled' });
  }

  retry(id: string) {
    const item = this.#find(id);
    if (!item || (item.status !== 'failed' && item.status !== 'cancelled')) return;
    this.#update(id, { status: 'queued', progress: 0, message: undefined });
    this.#pump();
  }

  /** Forgets the files that are finished or refused. */
  clearFinished() {
    this.#set(this.#items.filter((item) => item.status === 'queued' || isActive(item)));
  }

  /**
   * Stops every upload in progress (the page is being left); the server keeps what it has, so the
   * same files chosen again later resume.
   */
  abortAll() {
    for (const controller of this.#controllers.values()) controller.abort(KEEP_FOR_LATER);
  }

  #find(id: string) {
    return this.#items.find((item) => item.id === id);
  }

  #set(items: readonly UploadItem[]) {
    this.#items = items;
    for (const listener of this.#listeners) listener();
  }

  #update(id: string, patch: Partial<UploadItem>) {
    this.#set(this.#items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  #pump() {
    let active = this.#items.filter(isActive).length;
    for (const item of this.#items) {
      if (active >= this.#concurrency) break;
      if (item.status !== 'queued') continue;
      active += 1;
      void this.#start(item);
    }
  }

  async #start(item: UploadItem) {
    const controller = new AbortController();
    this.#controllers.set(item.id, controller);
    this.#update(item.id, { status: 'uploading', progress: 0, resumedAt: undefined });
    try {
      const outcome = await this.#run({
        file: item.file,
        signal: controller.signal,
        onProgress: (progress) => this.#update(item.id, { progress }),
        onPause: () => this.#update(item.id, { status: 'paused' }),
        onResume: (progress) =>
          this.#update(item.id, { status: 'resuming', progress, resumedAt: progress }),
        onResumed: () => this.#update(item.id, { status: 'uploading' }),
        onUploaded: () => this.#update(item.id, { status: 'adding', progress: 1 }),
      });
      this.#update(item.id, {
        status: outcome === 'duplicate' ? 'duplicate' : 'done',
        progress: 1,
      });
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) {
        this.#update(item.id, { status: 'cancelled' });
      } else {
        // A file the server refused for what it is cannot succeed on a retry.
        const refused = error instanceof ApiError && REFUSED_FILE_CODES.includes(error.code);
        this.#update(item.id, {
          status: refused ? 'rejected' : 'failed',
          message: failureText(item.file, error),
        });
      }
    } finally {
      this.#controllers.delete(item.id);
      this.#pump();
    }
  }
}
