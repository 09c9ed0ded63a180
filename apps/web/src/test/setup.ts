import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { forgetClientConfig } from '../shared/api/client-config';
import { clearNotifications } from '../shared/notifications/notifications-store';
import { server } from './network';

// Screens are code-split: the first visit of each in a run also loads (and transforms) its chunk.
configure({ asyncUtilTimeout: 5000 });

// jsdom's FormData, File and Blob cannot be read by Node's fetch Request, which MSW hands the
// handlers: a file part would arrive as "[object File]". The app gets Node's, as in a browser the
// page and its network layer share one implementation.
Object.assign(globalThis, {
  FormData: (await new Response(new URLSearchParams()).formData()).constructor,
  File: NodeFile,
  Blob: NodeBlob,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearNotifications();
  forgetClientConfig();
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
