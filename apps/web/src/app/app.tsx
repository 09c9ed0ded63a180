import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { clientConfigQuery } from '../shared/api/client-config';
import { createQueryClient } from '../shared/api/query-client';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Asked at once, so the upload limits are known before anyone chooses a file.
    void client.prefetchQuery(clientConfigQuery);
    return client;
  });
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
