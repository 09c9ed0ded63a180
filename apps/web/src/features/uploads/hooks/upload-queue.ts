import { errorMessage, isAbortError } from '../../../shared/api/api-error';
import type { UploadLimits } from '@photo/contract';
import { KEEP_FOR_LATER } from '../../../shared/api/resumable-upload';
import { refusalBeforeSending, refusalOf } from '../../../shared/lib/upload-refusal';
import type { AddPhotoInput, AddPhotoOutcome } from '../api/add-photo';
import { t } from '../../../i18n/i18n';

export type UploadStatus =
  | 'rejected' // not added, and sending it again cannot help: `reason` says why
  | 'queued'
  | 'uploading'
  | 'paused' // offline: waits for the connection, then goes on by itself
  | 'resuming' // sending again from what the server already had
  | 'processing' // every byte sent: the server checks and stores it, and adds it to the album
  | 'done'
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
  /** Why it was not added, in a few words (a refusal: no retry). */
  reason?: string;
  /** Why it failed (the network, the server): a retry may cure it. */
  message?: string;
  /** The photo as added: its placeholder's data URL, then its thumbnail's URL once made. */
  picture?: string;
}

export type UploadRunner = (input: AddPhotoInput) => Promise<AddPhotoOutcome>;

/** Uploads at the same time when the server does not say how many it takes (parallelUploads). */
export const UPLOAD_CONCURRENCY = 3;

const ACTIVE: ReadonlySet<UploadStatus> = new Set([
  'uploading',
  'paused',
  'resuming',
  'processing',
]);
export const isActive = (item: UploadItem) => ACTIVE.has(item.status);

let lastId = 0;

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
  /** Set by the caller (tests), else the server's parallelUploads. */
  readonly #fixedConcurrency: number | undefined;
  /** Aborted when the page is left: stops waiting for the thumbnails of photos added. */
  readonly #leaving = new AbortController();

  constructor(run: UploadRunner, concurrency?: number) {
    this.#run = run;
    this.#fixedConcurrency = concurrency;
  }

  get #concurrency(): number {
    return this.#fixedConcurrency ?? this.#limits?.parallelUploads ?? UPLOAD_CONCURRENCY;
  }

  /** Uses the latest runner from now on (it comes from a React hook). */
  setRunner(run: UploadRunner) {
    this.#run = run;
  }

  /** Checks the files added from now on against the server's limits (once they are known). */
  setLimits(limits: UploadLimits | undefined) {
    this.#limits = limits;
    this.#pump();
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
      const reason = refusalBeforeSending(file, this.#limits);
      lastId += 1;
      added.push({
        id: `upload-${lastId}`,
        file,
        status: reason ? 'rejected' : 'queued',
        progress: 0,
        reason: reason ?? undefined,
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
    this.#leaving.abort();
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
    // Every byte sent: the server's work is what is left, said as such (not "100 % uploading").
    const sent = () => this.#update(item.id, { status: 'processing', progress: 1 });
    try {
      const outcome = await this.#run({
        file: item.file,
        signal: controller.signal,
        onProgress: (progress) => (progress >= 1 ? sent() : this.#update(item.id, { progress })),
        onPause: () => this.#update(item.id, { status: 'paused' }),
        onResume: (progress) =>
          this.#update(item.id, { status: 'resuming', progress, resumedAt: progress }),
        onResumed: () => this.#update(item.id, { status: 'uploading' }),
        onUploaded: sent,
        onPicture: (picture) => this.#update(item.id, { picture }),
        pictureSignal: this.#leaving.signal,
      });
      this.#update(
        item.id,
        outcome === 'duplicate'
          ? { status: 'rejected', progress: 1, reason: t('upload.reason.duplicate') }
          : { status: 'done', progress: 1 },
      );
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) {
        this.#update(item.id, { status: 'cancelled' });
      } else {
        // A file the server refused for what it is cannot succeed on a retry.
        const reason = refusalOf(error, item.file, this.#limits);
        this.#update(
          item.id,
          reason
            ? { status: 'rejected', reason }
            : { status: 'failed', message: errorMessage(error) },
        );
      }
    } finally {
      this.#controllers.delete(item.id);
      this.#pump();
    }
  }
}
