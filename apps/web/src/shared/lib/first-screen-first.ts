import { useDeferredValue, useEffect, useState } from 'react';

/** Whether a list has been shown in full since the page loaded. */
let warm = false;

/**
 * The items a list renders. On the page's first load, the first screen's at once and the others
 * in a background render (React's useDeferredValue: it yields to the browser every few
 * milliseconds), so building a long list is no long task between the first paint and a tap.
 * Afterwards, as when going back to a list whose scroll position is restored, all at once.
 */
export function useFirstScreenFirst<T>(items: T[], firstScreen: number): T[] {
  const [staggered] = useState(() => !warm);
  const shown = useDeferredValue(items, staggered ? items.slice(0, firstScreen) : items);
  const complete = shown === items;
  useEffect(() => {
    if (complete) warm = true;
  }, [complete]);
  return shown;
}
