import { LINK_PASSWORD_MAX } from '@photo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useId, useState, type FormEvent } from 'react';
import { errorMessageWithWait } from '../../../shared/api/api-error';
import { PageTitle } from '../../../shared/components/page-title';
import { albumKeys } from '../../albums/api/album-keys';
import { unlockLink } from '../api/shared-link';
import { AlbumIcon } from '../../albums/components/album-icons';
import './share-links.css';
import { useT } from '../../../i18n/i18n';

/**
 * What a password-protected share link shows first: the password the owner gave. The key it
 * unlocks is kept for this tab, and the album then loads.
 */
export function LinkPasswordForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const ids = useId();
  const t = useT();
  const unlock = useMutation({
    mutationFn: (given: string) => unlockLink(token, given),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: albumKeys.sharedLink(token) }),
    // Said under the field, not in the notification area.
    meta: { quiet: true },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return;
    unlock.mutate(password);
  };

  return (
    <>
      <PageTitle title={t('albums.locked')} />
      <div className="app-link-lock mx-auto my-4 my-sm-5">
        <div className="app-link-lock-icon mb-3" aria-hidden="true">
          <AlbumIcon name="lock" size="1.75rem" />
        </div>
        <h1 className="h4 mb-2">{t('albums.locked')}</h1>
        <p className="text-body-secondary">{t('albums.locked.text')}</p>
        <Form onSubmit={submit} noValidate>
          <Form.Group controlId={`${ids}-password`} className="mb-3">
            <Form.Label>{t('albums.locked.password')}</Form.Label>
            <InputGroup>
              <Form.Control
                type={shown ? 'text' : 'password'}
                value={password}
                maxLength={LINK_PASSWORD_MAX}
                autoComplete="off"
                autoFocus
                onChange={(event) => {
                  setPassword(event.target.value);
                  unlock.reset();
                }}
                isInvalid={unlock.isError}
                aria-invalid={unlock.isError}
                aria-describedby={unlock.isError ? `${ids}-problem` : undefined}
              />
              <Button
                variant="outline-secondary"
                aria-pressed={shown}
                onClick={() => setShown((value) => !value)}
              >
                {t(shown ? 'albums.locked.hide' : 'albums.locked.show')}{' '}
                <span className="visually-hidden">{t('albums.locked.passwordWord')}</span>
              </Button>
            </InputGroup>
            {unlock.isError && (
              <p id={`${ids}-problem`} className="text-danger small mt-2 mb-0" role="alert">
                {errorMessageWithWait(unlock.error)}
              </p>
            )}
          </Form.Group>
          <Button
            type="submit"
            className="w-100"
            disabled={password === '' || unlock.isPending || unlock.isSuccess}
          >
            {t(
              unlock.isPending || unlock.isSuccess ? 'albums.locked.opening' : 'albums.locked.open',
            )}
          </Button>
        </Form>
      </div>
    </>
  );
}
