import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useUploadLimits } from '../../../shared/api/client-config';
import { useAddPhoto } from '../api/add-photo';
import { UploadQueue } from './upload-queue';

/** An upload queue for one album; uploads still running stop when the page is left. */
export function useUploadQueue(albumId: string) {
  const addPhoto = useAddPhoto(albumId);
  const run = addPhoto.mutateAsync;
  const limits = useUploadLimits();
  const [queue] = useState(() => new UploadQueue(run));
  // Set as soon as the page is committed, before any drop or pick can reach the queue: a plain
  // effect may run only after the browser has painted and handled input.
  useLayoutEffect(() => queue.setRunner(run), [queue, run]);
  useLayoutEffect(() => queue.setLimits(limits), [queue, limits]);
  useEffect(() => () => queue.abortAll(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, items, limits };
}
