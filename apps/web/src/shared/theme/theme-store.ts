import { useSyncExternalStore } from 'react';

/** What the user chose; "system" follows the device's light or dark setting. */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** Where the choice is kept. public/theme.js reads the same key before the page is drawn. */
export const THEME_STORAGE_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

function resolve(choice: ThemeChoice): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** Bootstrap's colour modes: data-bs-theme on <html> restyles every component. */
function apply(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
}

let choice: ThemeChoice = readChoice();
const listeners = new Set<() => void>();
let systemWatch: (() => void) | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

/** While the choice is "system", a change of the device's setting changes the page at once. */
function watchSystem(): void {
  if (systemWatch || typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (choice === 'system') {
      apply(systemTheme());
      emit();
    }
  };
  query.addEventListener('change', onChange);
  systemWatch = () => query.removeEventListener('change', onChange);
  // The page was drawn before this code ran (public/theme.js): catch up with a change since.
  onChange();
}

/** Another tab chose a theme: follow it. */
function onStorage(event: StorageEvent): void {
  if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
  const next = readChoice();
  if (next === choice) return;
  choice = next;
  apply(resolve(choice));
  emit();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    watchSystem();
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      systemWatch?.();
      systemWatch = null;
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** Chooses a theme, applies it, and remembers it on this device ("system" forgets the choice). */
export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered (storage unavailable); it still applies to this page.
  }
  apply(resolve(next));
  emit();
}

const serverChoice = (): ThemeChoice => 'system';
const serverTheme = (): Theme => 'light';

/** The user's choice and the theme shown, kept up to date. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  // A page drawn on the server knows no choice: it is drawn, and hydrated, as "system".
  const current = useSyncExternalStore(subscribe, () => choice, serverChoice);
  // The system's theme may change while the choice stays "system"; subscribe covers it (emit).
  const theme = useSyncExternalStore(subscribe, () => resolve(choice), serverTheme);
  return { choice: current, theme };
}
