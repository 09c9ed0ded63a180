import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/session';
import { useT } from '../../i18n/i18n';
import { meQuery } from '../../shared/api/me';
import { paths } from '../../shared/config/paths';
import { useDisclosure } from '../../shared/lib/use-disclosure';
import { Avatar } from './avatar';

// Its own chunk, asked for once the bar has been drawn: the first page's code does without it.
const loadPanel = () => import('./account-menu-panel');
const AccountMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.AccountMenuPanel })));

/**
 * The round picture at the end of the top bar and the menu it opens (account-menu-panel.tsx). A
 * disclosure (a button and a panel), not a React-Bootstrap dropdown: the top bar is on the first
 * page and must stay light, so the panel's code comes in a chunk of its own, after the bar.
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(!open)}
      >
        <Avatar user={me.data} size={36} />
      </button>
      <div
        id="main-navigation"
        hidden={!open}
        className={`dropdown-menu dropdown-menu-end shadow app-account-menu${open ? ' show' : ''}`}
      >
        <Suspense fallback={null}>
          <AccountMenuPanel open={open} me={me.data} fold={fold} onLogout={onLogout} />
        </Suspense>
      </div>
    </div>
  );
}
