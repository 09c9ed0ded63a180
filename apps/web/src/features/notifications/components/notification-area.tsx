import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
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
            <Alert key={message.id} variant="danger" className="mb-2">
              {message.text}
            </Alert>
          ))}
          <Button variant="info" size="sm" onClick={clearNotifications}>
            Clear
          </Button>
        </div>
      )}
    </section>
  );
}
