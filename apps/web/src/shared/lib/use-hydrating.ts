import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while the page is drawn on the server and while the browser hydrates that page; false
 * after, and on pages the browser draws itself. A component that lays out from the browser's
 * measures draws a layout without them while it is true (both sides draw the same), then its own.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
