import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { createQueryClient } from '../shared/api/query-client';

/** Renders the whole app (real routes, providers and layout) at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  let location: Location | undefined;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  /** The address the app shows, as a test reads it. */
  const router = {
    get state() {
      return { location: location! };
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...view, router, queryClient, user };
}
