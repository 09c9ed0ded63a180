import { useEffect, useState } from 'react';

/** Whether a list has been shown in full since the page loaded. */
let warm = false;

/**
 * The items a list renders. On the page's first load, `first` items at once and `step` more in
 * each following task, so the first screen is drawn before the rest is built and no task builds
 * much of the list: Preact renders without yielding. Afterwards, as when going back to a list
 * whose scroll position is restored, all at once.
 */
export function useFirstScreenFirst<T>(items: T[], first: number, step = 1): T[] {
  const [count, setCount] = useState(() => (warm ? Infinity : first));
  const whole = count >= items.length;
  useEffect(() => {
    if (whole) {
      warm = true;
      return;
    }
    const timer = setTimeout(() => setCount((shown) => shown + step), 0);
    return () => clearTimeout(timer);
  }, [whole, count, step]);
  return whole ? items : items.slice(0, count);
}
