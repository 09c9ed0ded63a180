import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NotificationArea } from '../../features/notifications/components/notification-area';
import { useT } from '../../i18n/i18n';
import { HydrationGuard } from '../../shared/components/hydration-guard';
import { LoadingState } from '../../shared/components/loading-state';
import { AccountWatch } from './account-watch';
import { ScrollRestoration } from './scroll-restoration';
import { TopBar } from './top-bar';
import { LazyTrashedNotice } from './trashed-notice-lazy';

export function RootLayout() {
  const t = useT();
  return (
    <>
      <a
        href="#main"
        className="visually-hidden-focusable position-absolute top-0 start-0 m-2 p-2 bg-body z-3"
      >
        {t('layout.skipToMain')}
      </a>
      <header>
        <HydrationGuard>
          <TopBar />
        </HydrationGuard>
      </header>
      <NotificationArea />
      <main id="main" className="container-lg py-4" tabIndex={-1}>
        <Suspense fallback={<LoadingState label={t('layout.loadingPage')} />}>
          {/* Inside the boundary: enabled once the page itself is hydrated, not just the layout. */}
          <HydrationGuard>
            <Outlet />
          </HydrationGuard>
        </Suspense>
      </main>
      <ScrollRestoration />
      <AccountWatch />
      <LazyTrashedNotice />
    </>
  );
}
