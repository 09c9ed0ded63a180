import { DEFAULT_AVATAR_URL } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import { NavLink, useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/session';
import { useT } from '../../i18n/i18n';
import { meQuery } from '../../shared/api/me';
import { paths } from '../../shared/config/paths';
import { sizedImageUrl } from '../../shared/lib/image-url';
import { useDisclosure } from '../../shared/lib/use-disclosure';
import { LanguageMenu } from './language-menu';
import { ADMIN_LINK, LIBRARY_LINKS, PAGE_LINKS } from './page-links';
import { ThemeControl } from './theme-control';
import type { User } from '@photo/contract';

/** The signed-in person's picture, round; a plain circle until it is known. */
function Avatar({ user, size }: { user: User | undefined; size: number }) {
  if (!user) return <span className="app-avatar-blank" style={{ width: size, height: size }} />;
  return (
    <img
      src={sizedImageUrl(user.profilePicUrl || DEFAULT_AVATAR_URL, 'thumb')}
      alt=""
      width={size}
      height={size}
      className="rounded-circle app-avatar"
    />
  );
}

/**
 * The round picture at the end of the top bar and the menu it opens: the pages (on a phone, where
 * the bar has no room for them, with the language and the theme), who is signed in, and Logout. A disclosure (a button and a
 * panel), not a React-Bootstrap dropdown: the top bar is on the first page and must stay light.
 */
export function AccountMenu() {
  const t = useT();
  const navigate = useNavigate();
  const { open, setOpen, container, toggle, onKeyDown } = useDisclosure();
  // The bar does well enough without the picture: a failure here is not told.
  const me = useQuery({ ...meQuery, meta: { quiet: true } });

  const fold = () => setOpen(false);
  const onLogout = () => {
    setOpen(false);
    // signOut clears the session at once, so the sign-in page never renders for a signed-in user.
    void signOut();
    void navigate(paths.login, { replace: true });
  };

  return (
    <div
      ref={container}
      className="position-relative flex-shrink-0"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="app-avatar-button"
        aria-controls="main-navigation"
        aria-expanded={open}
        aria-label={t('layout.accountMenu')}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={me.data} size={36} />
      </button>
      <div
        id="main-navigation"
        hidden={!open}
        className={`dropdown-menu dropdown-menu-end shadow app-account-menu${open ? ' show' : ''}`}
      >
        {/* Who is signed in, only while open: the page says it once. */}
        {open && me.data && (
          <div className="d-flex align-items-center gap-2 px-3 pt-2 pb-3">
            <Avatar user={me.data} size={40} />
            <div className="app-min-w-0">
              <div className="fw-semibold text-truncate">{me.data.name}</div>
              <div className="small text-body-secondary text-truncate">{me.data.emailAddress}</div>
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
          {me.data?.isAdmin && (
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
      </div>
    </div>
  );
}
