import { NavLink } from 'react-router';
import { useT } from '../../i18n/i18n';
import { Avatar } from './avatar';
import { LanguageMenu } from './language-menu';
import { ADMIN_LINK, LIBRARY_LINKS, PAGE_LINKS } from './page-links';
import { ThemeControl } from './theme-control';
import type { User } from '@photo/contract';

export interface AccountMenuPanelProps {
  open: boolean;
  me: User | undefined;
  /** Folds the menu (a link was followed). */
  fold: () => void;
  onLogout: () => void;
}

/**
 * What the account menu holds: who is signed in, the pages (on a phone, where the bar has no room
 * for them, with the language and the theme) and Logout. A chunk of its own, loaded once the top bar
 * is drawn: the first page's code does without it (decision 0032).
 */
export function AccountMenuPanel({ open, me, fold, onLogout }: AccountMenuPanelProps) {
  const t = useT();
  return (
    <>
      {/* Who is signed in, only while open: the page says it once. */}
      {open && me && (
        <div className="d-flex align-items-center gap-2 px-3 pt-2 pb-3">
          <Avatar user={me} size={40} />
          <div className="app-min-w-0">
            <div className="fw-semibold text-truncate">{me.name}</div>
            <div className="small text-body-secondary text-truncate">{me.emailAddress}</div>
          </div>
        </div>
      )}
      <ul className="list-unstyled mb-0">
        {/* On a wide screen these three are in the bar itself. */}
        {PAGE_LINKS.map(({ label, to }) => (
          <li key={to} className="d-lg-none">
            <NavLink className="dropdown-item" to={to} onClick={fold}>
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li className="d-lg-none">
          <hr className="dropdown-divider" />
        </li>
        {LIBRARY_LINKS.map(({ label, to }) => (
          <li key={to}>
            <NavLink className="dropdown-item" to={to} onClick={fold}>
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li>
          <hr className="dropdown-divider" />
        </li>
        {me?.isAdmin && (
          <>
            <li>
              <NavLink className="dropdown-item" to={ADMIN_LINK.to} onClick={fold}>
                {t(ADMIN_LINK.label)}
              </NavLink>
            </li>
            <li>
              <hr className="dropdown-divider" />
            </li>
          </>
        )}
        {/* On a phone the bar leaves the language and the theme here. */}
        <li className="d-flex gap-2 px-3 pb-2 d-sm-none">
          <LanguageMenu className="flex-fill" />
          <ThemeControl className="flex-fill" />
        </li>
        <li>
          <button type="button" className="dropdown-item" onClick={onLogout}>
            {t('layout.logout')}
          </button>
        </li>
      </ul>
    </>
  );
}
