import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import type { AddPhotoInput, AddPhotoOutcome } from '../api/add-photo';
import { UploadQueue } from './upload-queue';

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

  it('shows progress, then the adding step', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add([image('a.jpg')]);
    running.get('a.jpg')!.input.onProgress?.(0.4);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'uploading', progress: 0.4 });
    running.get('a.jpg')!.input.onUploaded?.();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'adding', progress: 1 });
  });

  it('refuses files that are not images without starting them', () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add([new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' })]);
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'rejected',
      message: expect.stringMatching(/"drawing\.svg" is not a photo/),
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
    expect(queue.getSnapshot()[0]!.status).toBe('duplicate');
  });

  it('keeps the reason of a failure, in words about the file; a refused file is not retried', async () => {
    const { run, running } = controlledRunner();
    const queue = new UploadQueue(run);
    queue.add([image('notes.jpg'), image('b.jpg')]);
    running.get('notes.jpg')!.reject(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported.'));
    running.get('b.jpg')!.reject(new ApiError(500, 'INTERNAL', 'Something went wrong.'));
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'rejected',
      message: '"notes.jpg" was refused: Unsupported.',
    });
    expect(queue.getSnapshot()[1]).toMatchObject({
      status: 'failed',
      message: 'Something went wrong.',
    });
  });
});
