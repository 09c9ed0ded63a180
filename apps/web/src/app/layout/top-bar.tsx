import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useSignedIn } from '../../shared/auth/session-store';
import { HOME_PATH, paths } from '../../shared/config/paths';
import { LineIcon } from '../../shared/ui/line-icon';
import { AccountMenu } from './account-menu';
import { LanguageMenu } from './language-menu';
import { PAGE_LINKS } from './page-links';
import { Brand, BRAND_CLASS, TopBarFrame } from './top-bar-frame';
import { SearchBox } from './search-box';
import { ThemeControl } from './theme-control';

// The bell (its unread count and feed) comes after the first page's code, in a space kept for it.
const ActivityBell = lazy(() =>
  import('../../features/activity/components/activity-bell').then((m) => ({
    default: m.ActivityBell,
  })),
);

/** Photos' mark: a stack of pictures. */
const PHOTOS_ICON = 'M7 3.5h13.5V17M3.5 7h13.5v13.5H3.5zM3.5 17l4.5-4.5 3.5 3.5 2-2 3.5 3.5';

/** The language and the theme in the bar of a signed-in person: from a small tablet up. */
const BAR_CHOICE = 'flex-shrink-0 d-none d-sm-flex';

/**
 * One row on every screen: the name, the pages (in the account menu on a phone), the search box (a
 * magnifier on a phone), the language, the colour theme (in the account menu on a phone), the activity bell and the signed-in person's picture, which opens the account menu. Plain markup and Bootstrap
 * classes: the first page loads no React-Bootstrap.
 */
export function TopBar() {
  const t = useT();
  const signedIn = useSignedIn();
  return (
    <TopBarFrame>
      <Link className={BRAND_CLASS} to={signedIn ? HOME_PATH : paths.login}>
        <Brand />
      </Link>
      {signedIn && (
        <ul className="navbar-nav flex-row gap-1 me-auto d-none d-lg-flex app-top-links">
          {PAGE_LINKS.map(({ label, to }) => (
            <li key={to} className="nav-item">
              <NavLink className="nav-link rounded-pill px-3" to={to}>
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
      {signedIn && <SearchBox />}
      {signedIn && (
        // On a phone the pages are in the account menu; Photos, the one most opened, is here too.
        <NavLink
          className="nav-link rounded-pill px-2 d-lg-none flex-shrink-0 app-top-photos"
          to={paths.timeline}
          aria-label={t('layout.photos')}
        >
          <LineIcon d={PHOTOS_ICON} size={24} />
        </NavLink>
      )}
      {/* Signed out, the bar holds only the name and the two choices, at its end; signed in, on a
          phone, the two choices are in the account menu, so that the name keeps its room. */}
      <LanguageMenu className={signedIn ? BAR_CHOICE : 'flex-shrink-0 ms-auto'} />
      <ThemeControl className={signedIn ? BAR_CHOICE : 'flex-shrink-0'} />
      {signedIn && (
        <Suspense fallback={<span className="nav-link px-2 app-bell app-bell-space" />}>
          <ActivityBell />
        </Suspense>
      )}
      {signedIn && <AccountMenu />}
    </TopBarFrame>
  );
}
