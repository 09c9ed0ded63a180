import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useDisclosure } from '../../../shared/lib/use-disclosure';
import { LineIcon } from '../../../shared/ui/line-icon';
import { useUnreadActivity } from '../api/activity-api';
import { badgeText } from './activity-text';
import { useT } from '../../../i18n/i18n';

// The list and the live stream load apart from the first page: the bell itself is a button.
const ActivityPanel = lazy(() =>
  import('./activity-panel').then((m) => ({ default: m.ActivityPanel })),
);

/** Below this width the list is a page of its own (/activity), not a panel under the bell. */
const PHONE = '(max-width: 767.98px)';

/** A bell, on a 24 × 24 grid. */
const BELL_ICON = 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0';

/**
 * The bell in the top bar: how many entries of the activity feed are unread ("3", "99+"), kept
 * live while the app is open; it opens the feed in a panel (on a phone, the /activity page).
 */
export function ActivityBell() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const unread = useUnreadActivity();
  const { open, setOpen, container, toggle, onKeyDown } = useDisclosure();
  const t = useT();

  // The live stream, loaded after the page: new entries update the badge (and the list).
  useEffect(() => {
    let close: (() => void) | undefined;
    let stopped = false;
    void import('../api/activity-live').then(({ openActivityStream }) => {
      if (!stopped) close = openActivityStream(client);
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, [client]);

  const text = badgeText(unread.data);
  const onClick = () => {
    if (!open && window.matchMedia?.(PHONE).matches) {
      void navigate(paths.activity);
      return;
    }
    setOpen(!open);
  };

  return (
    <div ref={container} className="position-relative flex-shrink-0" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="nav-link rounded-pill px-2 app-bell"
        aria-label={text ? t('activity.bell', { unread: text }) : t('activity.title')}
        aria-expanded={open}
        aria-controls="activity-panel"
        onClick={onClick}
      >
        <LineIcon d={BELL_ICON} size={24} />
        {text && (
          <span className="app-bell-badge" aria-hidden="true">
            {text}
          </span>
        )}
      </button>
      {open && (
        <div id="activity-panel" className="shadow app-activity-panel">
          <Suspense
            fallback={
              <div className="p-4 text-center text-body-secondary">{t('activity.loading')}</div>
            }
          >
            <ActivityPanel onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
