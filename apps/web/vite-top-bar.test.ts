import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { TOP_BAR_MARK, topBarPlaceholder } from './vite-top-bar.ts';

const transform = (html: string) => {
  const hook = topBarPlaceholder().transformIndexHtml as IndexHtmlTransformHook;
  return hook.call(undefined as never, html, { path: '/index.html', filename: 'index.html' });
};

describe('topBarPlaceholder', () => {
  it("writes the top bar where the page marks it: the app's name, a link to the start page", async () => {
    const html = await transform(`<div id="root">${TOP_BAR_MARK}</div>`);
    expect(html).toMatch(/^<div id="root"><header><nav class="[^"]*app-top-bar[^"]*">/);
    expect(html).toContain('href="/"><svg');
    expect(html).toContain('<span class="text-truncate">My Photo Application</span></a>');
    expect(html).not.toContain(TOP_BAR_MARK);
  });

  it('refuses a page without the mark', async () => {
    await expect(transform('<div id="root"></div>')).rejects.toThrow(TOP_BAR_MARK);
  });
});
