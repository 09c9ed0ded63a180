import { useEffect } from 'react';

/** Sets the browser tab's title while the page is shown. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · My Photo Application`;
  }, [title]);
  return null;
}
