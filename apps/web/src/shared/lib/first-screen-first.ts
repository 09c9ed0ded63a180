import { useEffect, useState } from 'react';

/** Whether a list has been shown in full since the page loaded. */
let warm = false;

/**
 * The items a list renders. On the page's first load, the first screen's at once and the others
 * in a task of their own once that screen is on the glass, so building a long list is no long
 * task before the first paint. Afterwards, as when going back to a list whose scroll position is
 * restored, all at once.
 */
export function useFirstScreenFirst<T>(items: T[], firstScreen: number): T[] {
  const [whole, setWhole] = useState(() => warm);
  useEffect(() => {
    if (whole) {
      warm = true;
      return;
    }
    const timer = setTimeout(() => setWhole(true), 0);
    return () => clearTimeout(timer);
  }, [whole]);
  return whole ? items : items.slice(0, firstScreen);
}
