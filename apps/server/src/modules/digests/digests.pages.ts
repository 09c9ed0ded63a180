import type { DigestFrequency } from '@photo/contract';
import { escapeHtml } from '../../lib/html.js';

/** A page of a few lines, for a person who opened an unsubscribe link in a browser. */
function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>` +
    '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">' +
    `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`
  );
}

/**
 * What an unsubscribe link opened in a browser shows: a button that sends the POST (a GET changes
 * nothing, RFC 8058), or that summaries are off already.
 */
export function unsubscribeQuestionPage(token: string, digest: DigestFrequency): string {
  if (digest === 'off') {
    return page('E-mail summaries are off', '<p>You get no e-mail summaries.</p>');
  }
  return page(
    'Stop e-mail summaries?',
    `<p>You get an e-mail summary of what happens in your albums ${digest === 'hourly' ? 'at most once an hour' : 'at most once a day'}.</p>` +
      `<form method="post" action="${escapeHtml(token)}">` +
      '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
      '<button type="submit" style="font:inherit;padding:.4rem 1rem">Stop e-mail summaries</button></form>',
  );
}

/** The page after a one-click unsubscribe. */
export function unsubscribedPage(): string {
  return page(
    'E-mail summaries are off',
    '<p>You will get no more e-mail summaries. You can turn them on again in your account settings.</p>',
  );
}
