import { useT } from '../../../i18n/i18n';
import { PageTitle } from '../../../shared/components/page-title';
import type { SecondFactorNeeded } from '../api/mfa-client';
import { startSession } from '../api/session';
import { SecondFactorForm } from './second-factor-form';

/**
 * Log In's second step when two-step verification is on. Success starts the session as a
 * password sign-in does (and the login page then goes where it goes after one).
 */
export function SecondFactorPrompt({
  pending,
  onBack,
}: {
  pending: SecondFactorNeeded;
  onBack: () => void;
}) {
  const t = useT();
  return (
    <div className="row justify-content-center">
      <PageTitle title={t('mfa.title')} />
      <div className="col-12 col-md-8 col-lg-6">
        <div className="border rounded p-3 p-sm-4 bg-body shadow-sm">
          <h1 className="h4">{t('mfa.title')}</h1>
          <SecondFactorForm
            pending={pending}
            onSignedIn={startSession}
            onBack={onBack}
            backLabel={t('mfa.signIn.back')}
            idPrefix="sign-in"
          />
        </div>
      </div>
    </div>
  );
}
