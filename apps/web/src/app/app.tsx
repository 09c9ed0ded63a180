import { useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { seedQueries, type ServerData } from '../features/pages/server-data';
import { clientConfigQuery } from '../shared/api/client-config';
import { createQueryClient } from '../shared/api/query-client';
import { ServerViewerContext } from '../shared/auth/session-store';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppProps {
  /** What the server drew the page from (decision 0100), when it drew it. */
  serverData?: ServerData | null;
  /** The router: the browser's address, or on the server the page's (entry-server.tsx). */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function App({ serverData = null, Router = BrowserRouter }: AppProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({ retry: typeof window !== 'undefined' });
    // A server-drawn page's answers are in the cache from the start: none is asked again.
    if (serverData) seedQueries(client, serverData);
    // Asked at once, so the upload limits are known before anyone chooses a file.
    if (typeof window !== 'undefined') void client.prefetchQuery(clientConfigQuery);
    return client;
  });
  return (
    <ServerViewerContext.Provider value={serverData?.viewer ?? null}>
      <AppProvider queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProvider>
    </ServerViewerContext.Provider>
  );
}
