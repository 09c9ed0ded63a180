import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import type { AddPhotoInput, AddPhotoOutcome } from '../api/add-photo';
import { UploadQueue } from './upload-queue';
import type { UploadLimits } from '@photo/contract';

/** A runner whose uploads finish when the test says so. */
function controlledRunner() {
  const running = new Map<
    string,
    {
      input: AddPhotoInput;
      resolve: (outcome: AddPhotoOutcome) => void;
      reject: (error: unknown) => void;
    }
  >();
  const run = (input: AddPhotoInput) =>
    new Promise<AddPhotoOutcome>((resolve, reject) => {
      running.set(input.file.name, { input, resolve, reject });
      input.signal?.addEventListener('abort', () =>
        reject(new DOMException('cancelled', 'AbortError')),
      );
    });
  return { run, running };
}

const LIMITS: UploadLimits = {
  maxBytes: 50 * 1024 * 1024,
  acceptedTypes: ['image/jpeg'],
  maxPixels: 100_000_000,
  maxVideoBytes: 1024 * 1024 * 1024,
  maxVideoSeconds: 600,
  resumable: { endpoint: '/api/uploads', versions: ['1.0.0'], chunkBytes: 1024 * 1024 },
};

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload queue', () => {
  it('uploads three files at a time and starts the next as one finishes', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add(['a', 'b', 'c', 'd', 'e'].map((name) => image(`${name}.jpg`)));

    expect(queue.getSnapshot().map((item) => item.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'queued',
      'queued',
    ]);
    running.get('b.jpg')!.resolve('added');
    await settle();
    expect(queue.getSnapshot().map((item) => item.status)).toEqual([
      'uploading',
      'done',
      'uploading',
      'uploading',
      'queued',
    ]);
  });

  it('sends as many at once as the server says it takes, and three before it says', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => image(`${name}.jpg`)));
    expect(running.size).toBe(3);
    queue.setLimits({ ...LIMITS, parallelUploads: 5 });
    expect(running.size).toBe(5);
    const statuses = () => queue.getSnapshot().map((item) => item.status);
    expect(statuses().filter((status) => status === 'uploading')).toHaveLength(5);
    // One whose bytes are all sent still holds its place while the server works on it.
    running.get('a.jpg')!.input.onProgress?.(1);
    expect(statuses()[0]).toBe('processing');
    expect(running.size).toBe(5);
    running.get('a.jpg')!.resolve('added');
    await settle();
    expect(running.size).toBe(6);
    expect(statuses()).toEqual([
      'done',
      'uploading',
      'uploading',
      'uploading',
      'uploading',
      'uploading',
      'queued',
    ]);
  });

  it('shows progress, then processing once every byte is sent, then the picture', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add([image('a.jpg')]);
    running.get('a.jpg')!.input.onProgress?.(0.4);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'uploading', progress: 0.4 });
    running.get('a.jpg')!.input.onUploaded?.();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'processing', progress: 1 });
    running.get('a.jpg')!.input.onPicture?.('/api/files/show/f1?size=thumb');
    running.get('a.jpg')!.resolve('added');
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'done',
      picture: '/api/files/show/f1?size=thumb',
    });
  });

  it('refuses files that are not images without starting them', () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add([new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' })]);
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'rejected',
      reason: 'Not a photo or video',
    });
    expect(running.size).toBe(0);
  });

  it('cancels a running or waiting upload, and retries it on request', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run, 1);
    queue.add([image('a.jpg'), image('b.jpg')]);
    const [first, second] = queue.getSnapshot();

    queue.cancel(second!.id);
    queue.cancel(first!.id);
    await settle();
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['cancelled', 'cancelled']);

    queue.retry(first!.id);
    expect(queue.getSnapshot()[0]!.status).toBe('uploading');
    running.get('a.jpg')!.resolve('duplicate');
    await settle();
    // Already in the album: not added, and said so, with no retry to offer.
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'rejected',
      reason: 'Already in this album',
    });
    queue.retry(first!.id);
    expect(queue.getSnapshot()[0]!.status).toBe('rejected');
  });

  it('tells a refusal by its reason and a failure by its message; only a failure is retried', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.setLimits(LIMITS);
    queue.add([image('notes.jpg'), image('b.jpg'), image('big.jpg')]);
    running.get('notes.jpg')!.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported.'));
    running.get('b.jpg')!.reject(new ApiError(500, 'INTERNAL', 'Something went wrong.'));
    running.get('big.jpg')!.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too many pixels.'));
    await settle();
    expect(queue.getSnapshot()).toMatchObject([
      { status: 'rejected', reason: 'Not a photo or video' },
      { status: 'failed', message: 'Something went wrong.' },
      { status: 'rejected', reason: 'Too large: at most 100 megapixels' },
    ]);
    const [notes, b] = queue.getSnapshot();
    queue.retry(notes!.id);
    queue.retry(b!.id);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual([
      'rejected',
      'uploading',
      'rejected',
    ]);
  });

  it('refuses a file over the limit before sending it, with the limit', () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.setLimits({ ...LIMITS, maxBytes: 200 * 1024 * 1024 });
    queue.add([new File([new Uint8Array(10)], 'empty.jpg', { type: 'image/jpeg' })]);
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 300 * 1024 * 1024 });
    queue.add([huge]);
    expect(queue.getSnapshot()[1]).toMatchObject({
      status: 'rejected',
      reason: 'Too large: at most 200 MB',
    });
    expect(running.size).toBe(1);
  });
});
