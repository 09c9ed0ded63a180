import Button from 'react-bootstrap/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or render (a new version was deployed, say). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="container-lg py-5 text-center">
      <h1>Something went wrong</h1>
      <p className="lead">This page could not be shown. Reloading usually helps.</p>
      {detail && <p className="small text-body-secondary text-break">{detail}</p>}
      <div className="d-flex justify-content-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <a href="/" className="btn btn-outline-secondary">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
