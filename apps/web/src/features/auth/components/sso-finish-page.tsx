import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';
import { PageTitle } from '../../../shared/components/page-title';
import { HOME_PATH, paths } from '../../../shared/config/paths';
import { SsoExchangeError, finishSso, takeSsoTarget } from '../api/sso';
import { redirectTarget } from './redirect-target';

/** What each refusal tells the person. */
const REFUSALS: Record<string, MessageId> = {
  SSO_EMAIL_NOT_VERIFIED: 'sso.refused.emailNotVerified',
  SSO_NO_ACCOUNT: 'sso.refused.noAccount',
  SSO_LINKED_ELSEWHERE: 'sso.refused.linkedElsewhere',
  SSO_STATE_INVALID: 'sso.refused.expired',
  SSO_CODE_INVALID: 'sso.refused.expired',
  SSO_PROVIDER_REFUSED: 'sso.refused.provider',
  SSO_UNAVAILABLE: 'sso.refused.unavailable',
  SSO_NOT_CONFIGURED: 'sso.refused.notOffered',
  NETWORK_ERROR: 'sso.refused.network',
};

/** The landing place kept when the sign-in started, if it is a page of this app. */
function landing(): string {
  const kept = takeSsoTarget();
  if (!kept) return HOME_PATH;
  const url = new URL(kept, window.location.origin);
  return redirectTarget({ from: { pathname: url.pathname, search: url.search, hash: url.hash } });
}

type Outcome = { to: string } | { refused: string } | null;

/**
 * Where the server sends the browser back after a single sign-on: ?code=… is traded for the
 * tokens (the session starts as with a password), then on to the page the sign-in started for;
 * ?error=… says why the sign-in was refused.
 */
export function SsoFinishPage() {
  const t = useT();
  const [params] = useSearchParams();
  const code = params.get('code');
  const error = params.get('error');
  const [outcome, setOutcome] = useState<Outcome>(error ? { refused: error } : null);

  useEffect(() => {
    if (!code || error) return;
    let live = true;
    finishSso(code).then(
      () => live && setOutcome({ to: landing() }),
      (failure: unknown) =>
        live &&
        setOutcome({
          refused: failure instanceof SsoExchangeError ? failure.code : 'SSO_CODE_INVALID',
        }),
    );
    return () => {
      live = false;
    };
  }, [code, error]);

  if (!code && !error) return <Navigate to={paths.login} replace />;
  if (outcome && 'to' in outcome) return <Navigate to={outcome.to} replace />;

  return (
    <div className="row justify-content-center">
      <PageTitle title={t('sso.pageTitle')} />
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="h3 mb-3">{t('sso.pageTitle')}</h1>
        {outcome ? (
          <>
            <Alert variant="danger" role="alert">
              {t(REFUSALS[outcome.refused] ?? 'sso.refused.other')}
            </Alert>
            <Link to={paths.login} className="btn btn-primary">
              {t('sso.backToLogIn')}
            </Link>
          </>
        ) : (
          <div role="status" className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {t('sso.finishing')}
          </div>
        )}
      </div>
    </div>
  );
}
