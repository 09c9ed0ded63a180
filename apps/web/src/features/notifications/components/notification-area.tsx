import {
  clearNotifications,
  useNotifications,
} from '../../../shared/notifications/notifications-store';

/** Error messages under the top bar: newest first, at most two, one "Clear" button. */
export function NotificationArea() {
  const messages = useNotifications();
  return (
    <section aria-label="Notifications" className="container">
      {messages.length > 0 && (
        <div className="pt-3">
          {messages.map((message) => (
            <div key={message.id} role="alert" className="fade mb-2 alert alert-danger show">
              {message.text}
            </div>
          ))}
          <button type="button" className="btn btn-info btn-sm" onClick={clearNotifications}>
            Clear
          </button>
        </div>
      )}
    </section>
  );
}
