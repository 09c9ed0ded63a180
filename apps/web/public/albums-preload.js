// Starts the Recent Albums request while the app's code is still loading, so the first covers can
// start sooner. Loaded from the page's head (the CSP allows scripts from 'self' only). The app
// takes the answer once, for the same address and ID token (src/shared/api/preloaded.ts), and
// asks again itself when the token was about to expire or the answer is not there.
(function () {
  if (window.location.pathname !== '/albums/recent') return;
  var token = null;
  var expiresAt = 0;
  try {
    token = window.localStorage.getItem('userIdToken');
    expiresAt = Number(window.localStorage.getItem('userIdTokenExpiresAt'));
  } catch {
    return;
  }
  // The app refreshes a token that expires within two minutes before using it: not this one.
  if (!token || !(expiresAt - Date.now() > 2 * 60 * 1000)) return;
  var url = '/api/albumsDb';
  var response = fetch(url, {
    headers: { Accept: 'application/json', idToken: token },
    credentials: 'same-origin',
  });
  // A failure is the app's to report when it asks again.
  response.catch(function () {});
  window.__photoPreloads = window.__photoPreloads || {};
  window.__photoPreloads[url] = { token: token, response: response };
})();
