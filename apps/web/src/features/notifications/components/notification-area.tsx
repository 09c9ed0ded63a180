import { useEffect } from 'react';
import { useT } from '../../../i18n/i18n';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import {
  clearNotifications,
  useNotifications,
} from '../../../shared/notifications/notifications-store';

/**
 * Error messages under the top bar: newest first, at most two, one "Clear" button. Someone who
 * signs in starts with none: the failed attempts before (or another person's errors) are gone.
 */
export function NotificationArea() {
  const t = useT();
  const messages = useNotifications();
  const userId = useCurrentUserId();
  useEffect(() => {
    if (userId !== null) clearNotifications();
  }, [userId]);
  return (
    <section aria-label={t('notifications.region')} className="container">
      {messages.length > 0 && (
        <div className="pt-3">
          {messages.map((message) => (
            <div key={message.id} role="alert" className="fade mb-2 alert alert-danger show">
              {message.text}
            </div>
          ))}
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={clearNotifications}
          >
            {t('notifications.clear')}
          </button>
        </div>
      )}
    </section>
  );
}
