import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAddPhoto } from '../api/add-photo';
import { UploadQueue } from './upload-queue';

/** An upload queue for one album; uploads still running stop when the page is left. */
export function useUploadQueue(albumId: string) {
  const addPhoto = useAddPhoto(albumId);
  const run = addPhoto.mutateAsync;
  const [queue] = useState(() => new UploadQueue(run));
  useEffect(() => queue.setRunner(run), [queue, run]);
  useEffect(() => () => queue.abortAll(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return { queue, items };
}
