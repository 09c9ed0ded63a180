import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/session';
import { useSignedIn } from '../../shared/auth/session-store';
import { HOME_PATH, paths } from '../../shared/config/paths';
import { ThemeControl } from './theme-control';

/**
 * Bootstrap's navbar as plain markup and classes: the first page loads no React-Bootstrap (the
 * menu folds and unfolds without the height animation).
 */
export function TopBar() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  // Controlled, so the toggle can tell assistive technology whether the menu is open.
  const [expanded, setExpanded] = useState(false);

  const onLogout = () => {
    setExpanded(false);
    // signOut clears the session at once, so the sign-in page never renders for a signed-in user.
    void signOut();
    void navigate(paths.login, { replace: true });
  };

  const fold = () => setExpanded(false);

  return (
    <nav className="border-bottom bg-body-tertiary navbar navbar-expand-lg navbar-light">
      <div className="container-lg">
        <Link className="navbar-brand" to={signedIn ? HOME_PATH : paths.login} onClick={fold}>
          My Photo Application
        </Link>
        {/* Outside the folding menu: on a phone it stays beside the menu's toggle. */}
        <ThemeControl className="ms-auto me-2 me-lg-0 ms-lg-2 order-lg-last" />
        {signedIn && (
          <>
            <button
              type="button"
              aria-controls="main-navigation"
              aria-expanded={expanded}
              aria-label="Toggle navigation"
              className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
              onClick={() => setExpanded(!expanded)}
            >
              <span className="navbar-toggler-icon"></span>
            </button>
            <div
              className={`navbar-collapse collapse${expanded ? ' show' : ''}`}
              id="main-navigation"
            >
              <ul className="me-auto navbar-nav">
                <li className="nav-item">
                  <NavLink className="nav-link" to={paths.recentAlbums} onClick={fold}>
                    Home
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink className="nav-link" to={paths.profile('me')} onClick={fold}>
                    Profile
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink className="nav-link" to={paths.myAlbums} onClick={fold}>
                    Albums
                  </NavLink>
                </li>
              </ul>
              <button type="button" className="my-2 my-lg-0 btn btn-danger" onClick={onLogout}>
                Logout
              </button>
            </div>
          </>
        )}
      </div>
    </nav>
  );
}
