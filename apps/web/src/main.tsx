import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/styles/tokens.css';
import './shared/styles/theme.css';
import './shared/styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { readServerData } from './features/pages/server-data';
import { currentLocale, i18nReady } from './i18n/i18n';

const serverData = readServerData();

// The first render waits for the language's texts (one small chunk, fetched beside the route's).
// A page the server drew (decision 0100) is hydrated, if the browser speaks the language it was
// drawn in; otherwise the app draws the page itself, in a transition: React builds it in slices
// of a few milliseconds, yielding to the browser between them, rather than in one long task.
void i18nReady().then(() => {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App serverData={serverData} />
    </StrictMode>
  );
  if (serverData?.locale === currentLocale()) hydrateRoot(root, app);
  else startTransition(() => createRoot(root).render(app));
});
