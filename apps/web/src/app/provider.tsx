import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { sessionHooks } from '../features/auth/api/session';
import { connectSession } from '../shared/api/api-client';
import { readSession, subscribeSession } from '../shared/auth/session-store';

// Every API call gets its ID token from the signed-in session.
connectSession(sessionHooks);

/** App-wide providers; when the session ends (logout, failed refresh, another tab), the cache goes. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(
    () =>
      subscribeSession(() => {
        if (!readSession()) queryClient.clear();
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
