import type { ReactNode } from 'react';
import { useHydrating } from '../lib/use-hydrating';

/**
 * A part of a page drawn on the server, its buttons and fields disabled until the browser has
 * hydrated it: before that no handler is there, and a click would be lost (pressing Share as the
 * album page appears did nothing). A page the browser draws itself is never disabled. The
 * fieldset adds no box of its own (display: contents) and no group to what is read out.
 */
export function HydrationGuard({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    <fieldset role="presentation" className="app-hydration-guard" disabled={hydrating}>
      {children}
    </fieldset>
  );
}
