import { useSyncExternalStore } from 'react';

/**
 * A value kept outside React (a notice, the notifications, a session held in memory), which
 * components read with `useValue` and re-render when `set` changes it. One implementation for the
 * app's small stores.
 */
export interface ValueStore<T> {
  get(): T;
  set(next: T): void;
  useValue(): T;
}

export function valueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: () => useSyncExternalStore(subscribe, get, get),
  };
}
