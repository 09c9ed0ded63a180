import type { LinkPermission } from '@photo/contract';
import type { IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../../i18n/message-ids';

/**
 * How a part of the Share dialog tells what went wrong: once, in the dialog's own alert, cleared
 * when the next change starts.
 */
export interface Outcome {
  /** A change starts: the last failure is no longer news. */
  starts: () => void;
  failed: (error: unknown) => void;
}

/** What a link lets whoever holds it do, in the list and in the new-link form (message ids). */
export const PERMISSION_LABELS: Record<LinkPermission, MessageId> = {
  view: 'sharing.can.view',
  download: 'sharing.can.download',
  addPhotos: 'sharing.can.add',
};

/** A share link as people open it: absolute, on this site when the server gave a path. */
export function absoluteLink(url: string): string {
  return new URL(url, window.location.origin).toString();
}

/**
 * "Expires 3 Dec", "Expires 3 Dec 2027", "Expired" (in `intl`'s language); null for a link that
 * never expires.
 */
export function expiryText(
  expiresAt: string | null,
  intl: IntlShape,
  now = Date.now(),
): string | null {
  if (!expiresAt) return null;
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return null;
  if (date.getTime() <= now)
    return intl.formatMessage({ id: 'sharing.link.expired' satisfies MessageId });
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  const day = intl.formatDate(date, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return intl.formatMessage({ id: 'sharing.link.expires' satisfies MessageId }, { date: day });
}
