import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/**
 * Bootstrap's reboot sets `scroll-behavior: smooth` on :root (unless reduced motion is asked for),
 * which would turn a page change into a glide from where the last page was scrolled: the new page
 * is put in place at once, as a browser does on a full page load.
 */
const AT_ONCE = 'instant' satisfies ScrollBehavior;

/** How long Back keeps the place while the page settles (its data, its layout, its grey tiles). */
const RESTORE_WAIT_MS = 3000;

/** What ends the wait: the person scrolls or moves on themselves. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `y` now, and again each time the page changes size while it settles: a page drawn
 * from data still on its way (or laid out once its width is known, or its placeholders giving way
 * to what they stood for) is too short, or differently made, at first. Stops after
 * RESTORE_WAIT_MS or at the person's first scroll, key or tap. Answers a stop function.
 */
function scrollWhileSettling(y: number): () => void {
  window.scrollTo({ left: 0, top: y, behavior: AT_ONCE });
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - y) >= 1) window.scrollTo({ left: 0, top: y, behavior: AT_ONCE });
  });
  const timer = window.setTimeout(() => stop(), RESTORE_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of USER_INPUT) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/** What may move to another entry at once: the place is read as they begin. */
const LEAVING = ['click', 'keydown'] as const;
const LISTEN_FIRST = { capture: true, passive: true } as const;

/** Entries kept in session storage: a long-lived tab's history does not grow the storage without end. */
const KEPT_ENTRIES = 100;

/**
 * The entry a location is: its history key. The first entry of a document load has no key of its
 * own (React Router calls it "default", whatever its address), so it is told apart by its address.
 */
function entryOf(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default'
    ? `default ${location.pathname}${location.search}`
    : location.key;
}

/**
 * How the document was loaded: a reload and Back or Forward into a new document go back to a place
 * kept; a link, a typed address or a new tab open a new entry, at its top.
 */
function documentLoad(): NavigationTimingType {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type ?? 'navigate';
}

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(saved));
  } catch {
    return new Map();
  }
}

/**
 * Back and forward return to where a page was scrolled; a link opens its page at the top (or at
 * its #hash); a replaced entry (a search parameter changed in place, a redirect) keeps the scroll.
 * Positions survive a reload in session storage.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  /** Where each entry of the history was last scrolled to, by the entry's key. */
  const positions = useRef<Map<string, number>>(null);
  positions.current ??= readSaved();
  const shownKey = useRef(entryOf(location));
  /** The first location shown is the document's load: a new entry unless reloaded or gone back to. */
  const firstShown = useRef(true);

  useEffect(() => {
    const saved = positions.current!;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => saved.set(shownKey.current, window.scrollY);
    const save = () => {
      try {
        // The entries first scrolled longest ago are dropped.
        const kept = [...saved].slice(-KEPT_ENTRIES);
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
      } catch {
        // Storage full or refused: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A scroll's event comes with the next frame: a link clicked, or a key pressed, within that
    // frame would leave the entry before its place was kept. Both are read before they act.
    for (const type of LEAVING) window.addEventListener(type, onScroll, LISTEN_FIRST);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      for (const type of LEAVING) window.removeEventListener(type, onScroll, LISTEN_FIRST);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  const entry = entryOf(location);
  useLayoutEffect(() => {
    shownKey.current = entry;
    const newDocumentEntry = firstShown.current && documentLoad() === 'navigate';
    firstShown.current = false;
    // A new entry may share its "default" key and address with one of an earlier load: not its place.
    if (newDocumentEntry) positions.current!.delete(entry);
    if (navigationType === NavigationType.Pop && !newDocumentEntry) {
      const y = positions.current!.get(entry);
      if (y !== undefined) return scrollWhileSettling(y);
    } else if (navigationType === NavigationType.Push || newDocumentEntry) {
      const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
      if (target) target.scrollIntoView({ behavior: AT_ONCE });
      else window.scrollTo({ left: 0, top: 0, behavior: AT_ONCE });
    }
  }, [entry, location.hash, navigationType]);

  return null;
}
