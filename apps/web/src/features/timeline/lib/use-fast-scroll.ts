import { useEffect, useState } from 'react';

/** Faster than this the page is flung past, not read (px per ms: about four screens a second). */
const FLUNG_SPEED = 3.5;
/** How long after the last fast step the page counts as read again (ms). */
const SETTLE_MS = 160;

/**
 * Whether the page is being flung (the wheel spun, a swipe's momentum): while it is, tiles show
 * their colours and months are not asked for, so that where it stops fills first.
 */
export function useFastScroll(): boolean {
  const [fast, setFast] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    let lastAt = performance.now();
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const now = performance.now();
      const speed = Math.abs(window.scrollY - lastY) / Math.max(1, now - lastAt);
      lastY = window.scrollY;
      lastAt = now;
      if (speed < FLUNG_SPEED) return;
      setFast(true);
      clearTimeout(settle);
      settle = setTimeout(() => setFast(false), SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(settle);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return fast;
}
