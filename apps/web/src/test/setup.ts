import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { currentLocale, i18nReady, initialLocale, setLocale } from '../i18n/i18n';
import { forgetClientConfig } from '../shared/api/client-config';
import { clearNotifications } from '../shared/notifications/notifications-store';
import { server } from './network';

// Components read their texts from the loaded catalogs (English: jsdom's language is en-US).
// Files share a worker's modules (isolate: false): one that chose another language leaves it
// chosen, so each file starts in the language a new page would have.
await i18nReady();
if (currentLocale() !== initialLocale()) await setLocale(initialLocale());

// Screens are code-split: the first visit of each in a run also loads (and transforms) its chunk.
configure({ asyncUtilTimeout: 5000 });

// jsdom's FormData, File and Blob cannot be read by Node's fetch Request, which MSW hands the
// handlers: a file part would arrive as "[object File]". The app gets Node's, as in a browser the
// page and its network layer share one implementation.
// React reads a form submitted during a transition (a navigation in onSubmit) as new FormData(form):
// Node's cannot read jsdom's forms, so their text fields are copied in (no form of the app that does
// so holds a file).
const NodeFormData = (await new Response(new URLSearchParams()).formData())
  .constructor as typeof FormData;
const JsdomFormData = globalThis.FormData;
class FormDataOfBoth extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const [name, value] of new JsdomFormData(form, submitter)) {
      if (typeof value === 'string') this.append(name, value);
    }
  }
}
Object.assign(globalThis, { FormData: FormDataOfBoth, File: NodeFile, Blob: NodeBlob });

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
  // The browser's address, which a test may have moved with the history: the page's own again.
  window.history.replaceState(null, '', '/');
});
