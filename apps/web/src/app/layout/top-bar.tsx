import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/session';
import { useSignedIn } from '../../shared/auth/session-store';
import { HOME_PATH, paths } from '../../shared/config/paths';
import { ThemeControl } from './theme-control';

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

  return (
    <Navbar
      expand="lg"
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
      className="border-bottom bg-body-tertiary"
    >
      <Container fluid="lg">
        <Navbar.Brand
          as={Link}
          to={signedIn ? HOME_PATH : paths.login}
          onClick={() => setExpanded(false)}
        >
          My Photo Application
        </Navbar.Brand>
        {/* Outside the folding menu: on a phone it stays beside the menu's toggle. */}
        <ThemeControl className="ms-auto me-2 me-lg-0 ms-lg-2 order-lg-last" />
        {signedIn && (
          <>
            <Navbar.Toggle aria-controls="main-navigation" aria-expanded={expanded} />
            <Navbar.Collapse id="main-navigation">
              <Nav className="me-auto" as="ul">
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.recentAlbums} eventKey={paths.recentAlbums}>
                    Home
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.profile('me')} eventKey="profile">
                    Profile
                  </Nav.Link>
                </Nav.Item>
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to={paths.myAlbums} eventKey={paths.myAlbums}>
                    Albums
                  </Nav.Link>
                </Nav.Item>
              </Nav>
              <Button variant="danger" onClick={onLogout} className="my-2 my-lg-0">
                Logout
              </Button>
            </Navbar.Collapse>
          </>
        )}
      </Container>
    </Navbar>
  );
}
