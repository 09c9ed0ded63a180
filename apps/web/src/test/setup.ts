import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearNotifications } from '../shared/notifications/notifications-store';

// Screens are code-split: the first visit of each in a run also loads (and transforms) its chunk.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  clearNotifications();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
