import type { ReactNode } from 'react';
import { APP_NAME } from '../../shared/config/app-name';

/** The link to the start page, first in the bar: the app's name with its mark. */
export const BRAND_CLASS = 'navbar-brand d-flex align-items-center gap-2 me-auto me-lg-3 app-brand';

/** The app's mark beside its name: a picture frame with a sun and a hill. */
function BrandMark() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
      className="flex-shrink-0 app-brand-mark"
    >
      <rect x="1" y="1" width="22" height="22" rx="6" fill="currentColor" />
      <circle cx="8.5" cy="8.5" r="2.5" fill="#fff" />
      <path d="M4 19l5.5-6 3.5 3.5 2.5-2.5L20 19z" fill="#fff" />
    </svg>
  );
}

/** What the link to the start page shows: the app's mark and name. */
export function Brand() {
  return (
    <>
      <BrandMark />
      <span className="text-truncate">{APP_NAME}</span>
    </>
  );
}

/** The bar itself: one row, as wide as the page's content. */
export function TopBarFrame({ children }: { children: ReactNode }) {
  return (
    <nav className="border-bottom bg-body navbar app-top-bar">
      <div className="container-lg flex-nowrap gap-2">{children}</div>
    </nav>
  );
}

/**
 * The top bar with only what needs no app code (the name, a plain link to the start page), which
 * the page shows while the app's code loads: vite-top-bar.ts writes it into index.html. The app
 * draws the page over it once it has loaded.
 */
export function TopBarPlaceholder() {
  return (
    <header>
      <TopBarFrame>
        <a className={BRAND_CLASS} href="/">
          <Brand />
        </a>
      </TopBarFrame>
    </header>
  );
}
