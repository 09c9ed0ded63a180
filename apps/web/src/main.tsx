import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// The first render is a transition: React builds the page in slices of a few milliseconds,
// yielding to the browser between them, rather than in one long task that a tap would wait for.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
