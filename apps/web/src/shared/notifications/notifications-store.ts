import { NOTIFICATIONS_KEPT } from '@photo/contract';
import { useSyncExternalStore } from 'react';

export interface Notification {
  id: number;
  text: string;
}

let messages: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Notification[]) {
  messages = next;
  for (const listener of listeners) listener();
}

/**
 * Shows an error message in the notification area. Newest first; only the latest
 * NOTIFICATIONS_KEPT are kept. A message already shown moves to the top instead of repeating.
 */
export function notify(text: string): void {
  const others = messages.filter((message) => message.text !== text);
  set([{ id: nextId++, text }, ...others].slice(0, NOTIFICATIONS_KEPT));
}

export function clearNotifications(): void {
  if (messages.length) set([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => messages;

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
