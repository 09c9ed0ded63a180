import 'bootstrap/dist/css/bootstrap.min.css';
import './shared/styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// In a task of its own: Preact renders at once, and evaluating the app's modules and its first
// render are then two shorter tasks rather than one long one.
setTimeout(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
