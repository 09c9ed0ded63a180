import { useCallback, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useT } from '../../../i18n/i18n';
import { IdentityError, identityClient } from '../../auth/api/identity-client';
import {
  needsSecondFactor,
  type SecondFactorNeeded,
  type SignInTokens,
} from '../../auth/api/mfa-client';
import { SecondFactorForm } from '../../auth/components/second-factor-form';

interface Waiting {
  pending: SecondFactorNeeded;
  resolve: (tokens: SignInTokens) => void;
  reject: (error: unknown) => void;
}

/**
 * A fresh sign-in with the password (as a password change needs), and, when two-step
 * verification is on, its code asked in a dialog. `dialog` must be rendered by the caller.
 */
export function useReauthentication(): {
  signIn: (email: string, password: string) => Promise<SignInTokens>;
  dialog: ReactNode;
} {
  const t = useT();
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const signIn = useCallback(async (email: string, password: string) => {
    const answer = await identityClient.signIn(email, password);
    if (!needsSecondFactor(answer)) return answer;
    return new Promise<SignInTokens>((resolve, reject) =>
      setWaiting({ pending: answer, resolve, reject }),
    );
  }, []);
  const cancel = () => {
    waiting?.reject(new IdentityError('MISSING_CODE'));
    setWaiting(null);
  };
  const dialog = waiting && (
    <Modal show onHide={cancel} centered aria-labelledby="reauth-title">
      <Modal.Header closeButton closeLabel={t('mfa.cancel')}>
        <Modal.Title as="h2" className="h5" id="reauth-title">
          {t('mfa.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SecondFactorForm
          pending={waiting.pending}
          idPrefix="reauth"
          onSignedIn={(tokens) => {
            waiting.resolve(tokens);
            setWaiting(null);
          }}
          onBack={cancel}
          backLabel={t('mfa.cancel')}
        />
      </Modal.Body>
    </Modal>
  );
  return { signIn, dialog };
}
