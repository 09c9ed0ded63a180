import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionHooks } from '../features/auth/api/session';
import { connectSession } from '../shared/api/api-client';
import { tellServerLocale } from '../shared/api/preferences';
import { readSession, subscribeSession } from '../shared/auth/session-store';

// Every API call gets its ID token from the signed-in session.
connectSession(sessionHooks);

/**
 * App-wide providers; when the session ends (logout, failed refresh, another tab), the cache goes.
 * When someone signs in, the server is told the language they read (their e-mails' language).
 */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(() => {
    let signedIn = readSession() !== null;
    return subscribeSession(() => {
      const now = readSession() !== null;
      if (!now) queryClient.clear();
      else if (!signedIn) tellServerLocale();
      signedIn = now;
    });
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
