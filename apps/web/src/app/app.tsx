import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { clientConfigQuery } from '../shared/api/client-config';
import { createQueryClient } from '../shared/api/query-client';
import { AppProvider } from './provider';
import { routes } from './router';

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Asked at once, so the upload limits are known before anyone chooses a file.
    void client.prefetchQuery(clientConfigQuery);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
