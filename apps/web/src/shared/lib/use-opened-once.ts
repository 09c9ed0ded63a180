import { useState } from 'react';

/**
 * Whether `open` has been true at least once: a dialog loaded on demand is rendered from its
 * first opening on, and stays rendered, so that it can play its closing transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
