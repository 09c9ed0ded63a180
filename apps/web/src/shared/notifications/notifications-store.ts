import { NOTIFICATIONS_KEPT } from '@photo/contract';
import { valueStore } from '../lib/value-store';

export interface Notification {
  id: number;
  text: string;
}

const messages = valueStore<readonly Notification[]>([]);
let nextId = 1;

/**
 * Shows an error message in the notification area. Newest first; only the latest
 * NOTIFICATIONS_KEPT are kept. A message already shown moves to the top instead of repeating.
 */
export function notify(text: string): void {
  const others = messages.get().filter((message) => message.text !== text);
  messages.set([{ id: nextId++, text }, ...others].slice(0, NOTIFICATIONS_KEPT));
}

export function clearNotifications(): void {
  if (messages.get().length) messages.set([]);
}

export function useNotifications(): readonly Notification[] {
  return messages.useValue();
}
