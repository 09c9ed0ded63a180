import { useCallback, useRef, useState } from 'react';

/** A windowed grid's width and where it starts in the page. */
export interface Place {
  /** The grid's width; undefined until it is first measured. */
  width: number | undefined;
  /** Where the grid starts in the page, from its top. */
  top: number;
}

/**
 * The grid's width and where it starts in the page, kept up to date as the grid or anything above
 * it (the page) changes size: what a window-scrolled virtualiser needs to lay a grid out.
 */
export function usePlace(): [(element: HTMLElement | null) => void, Place] {
  const [place, setPlace] = useState<Place>({ width: undefined, top: 0 });
  const observer = useRef<ResizeObserver>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const update = () => {
      // A grid not laid out (hidden, or a page without layout) is taken as wide as the window.
      const width = element.clientWidth || window.innerWidth;
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setPlace((place) => (place.width === width && place.top === top ? place : { width, top }));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(update);
    observer.current.observe(element);
    observer.current.observe(document.body);
  }, []);
  return [ref, place];
}
