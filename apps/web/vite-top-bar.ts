import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { runnerImport, type Plugin } from 'vite';

/** Where index.html has the top bar written in. */
export const TOP_BAR_MARK = '<!-- top-bar -->';

const FRAME = fileURLToPath(new URL('./src/app/layout/top-bar-frame.tsx', import.meta.url));

/** The top bar's markup, drawn by the app's own component. */
export async function topBarMarkup(): Promise<string> {
  const { module } = await runnerImport<{ TopBarPlaceholder: ComponentType }>(FRAME, {
    configFile: false,
    logLevel: 'error',
  });
  return renderToStaticMarkup(createElement(module.TopBarPlaceholder));
}

/**
 * Writes the top bar into index.html, drawn by the app's own component (TopBarPlaceholder of
 * app/layout/top-bar-frame.tsx), so that the page shows it before any of the app's code has
 * loaded, as the app then draws it.
 */
export function topBarPlaceholder(): Plugin {
  return {
    name: 'photo-top-bar-placeholder',
    async transformIndexHtml(html) {
      if (!html.includes(TOP_BAR_MARK)) {
        throw new Error(`index.html must hold ${TOP_BAR_MARK} where the top bar goes`);
      }
      return html.replace(TOP_BAR_MARK, await topBarMarkup());
    },
  };
}
