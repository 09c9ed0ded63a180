import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';

/**
 * Bootstrap's components the app renders through React-Bootstrap, which builds their class names
 * at run time (`${prefix}-${variant}`, `${prefix}-dialog`, `col-${breakpoint}-${span}`…), so they
 * cannot be found in the app's source: every rule of these components is kept. A component added
 * to the app through React-Bootstrap is added here.
 */
const COMPONENT_PREFIXES = [
  'alert',
  'badge',
  'bs-popover',
  'btn',
  'card',
  'col',
  'dropdown',
  'dropend',
  'dropstart',
  'dropup',
  'form',
  'input-group',
  'list-group',
  'modal',
  'nav',
  'offset',
  'order',
  'popover',
  'progress',
  'row-cols',
  'spinner',
  'tab',
];
/** States those components set: shown, fading, validated. */
const COMPONENT_STATES = [
  'active',
  'collapse',
  'collapsed',
  'collapsing',
  'disabled',
  'fade',
  'invalid-feedback',
  'invalid-tooltip',
  'is-invalid',
  'is-valid',
  'rounded-pill',
  'show',
  'valid-feedback',
  'valid-tooltip',
  'was-validated',
];
/**
 * Colour utilities React-Bootstrap builds from its components' props (`bg`, `text`, `border`,
 * `variant`, `muted`): `bg-warning`, `text-dark`, `text-bg-danger`, `border-primary`…
 */
const COLOURS = [
  'black',
  'body',
  'danger',
  'dark',
  'info',
  'light',
  'muted',
  'primary',
  'secondary',
  'success',
  'warning',
  'white',
];

const SAFELIST = [
  new RegExp(`^(?:${COMPONENT_PREFIXES.join('|')})(?:-|$)`),
  new RegExp(`^(?:${COMPONENT_STATES.join('|')})$`),
  new RegExp(`^(?:bg|text|text-bg|border)-(?:${COLOURS.join('|')})(?:-|$)`),
];

/** Bootstrap's stylesheet, wherever it is installed. */
const isBootstrapCss = (file: string | undefined) =>
  file !== undefined && /[\\/]bootstrap[\\/]dist[\\/]css[\\/]/.test(file);

/**
 * Drops the rules of Bootstrap's stylesheet that nothing in the app can use (decision 0039):
 * utilities the app never names and components it never renders. A rule is kept when every class
 * in its selector appears in the app's source, its page or its early scripts, or is on the
 * `SAFELIST`: the components React-Bootstrap renders, their states, and the colour utilities it
 * builds from props. The app's own stylesheets and its libraries' are left whole.
 *
 * It runs as the stylesheet is built, so the file's hashed name follows what is kept.
 */
export function purgeBootstrap(root: string): Plugin {
  const purge = purgeCss({
    content: [`${root}/index.html`, `${root}/public/*.js`, `${root}/src/**/*.{ts,tsx}`],
    skippedContentGlobs: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    safelist: { standard: SAFELIST },
    // The colour theme is set on <html> by the page's early script (`public/theme.js`).
    dynamicAttributes: ['data-bs-theme', 'data-bs-popper'],
  }) as Plugin;
  const purgeOnce = purge.OnceExit;
  if (typeof purgeOnce !== 'function') throw new Error('postcss-purgecss has no OnceExit step');
  return {
    postcssPlugin: 'photo:purge-bootstrap',
    OnceExit(css, helpers) {
      if (!isBootstrapCss(css.source?.input.file)) return;
      return purgeOnce(css, helpers);
    },
  };
}
