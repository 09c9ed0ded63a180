import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/styles/tokens.css';
import './shared/styles/theme.css';
import './shared/styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { i18nReady } from './i18n/i18n';

// The first render waits for the language's texts (one small chunk, fetched beside the route's).
// It is a transition: React builds the page in slices of a few milliseconds, yielding to the
// browser between them, rather than in one long task that a tap would wait for.
void i18nReady().then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
