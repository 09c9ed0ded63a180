// Sets the colour theme before anything is drawn, so a page never flashes in the wrong one.
// Loaded as a blocking script from the page's head (the CSP allows scripts from 'self' only).
// The app's theme control (src/shared/theme/theme-store.ts) keeps it up to date afterwards.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('theme');
  } catch {
    // Storage not available: follow the system.
  }
  var dark =
    choice === 'dark' ||
    (choice !== 'light' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-bs-theme', dark ? 'dark' : 'light');
})();
