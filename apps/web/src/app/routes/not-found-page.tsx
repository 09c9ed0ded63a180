import { Link } from 'react-router';
import { useSignedIn } from '../../shared/auth/session-store';
import { PageTitle } from '../../shared/components/page-title';
import { HOME_PATH, paths } from '../../shared/config/paths';

export function NotFoundPage() {
  const signedIn = useSignedIn();
  return (
    <div className="text-center my-5">
      <PageTitle title="Page not found" />
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address.</p>
      <Link to={signedIn ? HOME_PATH : paths.login} className="btn btn-primary">
        Go to the home page
      </Link>
    </div>
  );
}
