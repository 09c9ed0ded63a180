import { USER_NAME_MAX } from '@photo/contract';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { useUpdateProfile } from '../api/update-profile';

/** Change name: the name others see on albums and comments. */
export function ChangeNameForm({ name }: { name: string }) {
  const t = useT();
  const [value, setValue] = useState(name);
  const [missing, setMissing] = useState(false);
  const update = useUpdateProfile();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim()) {
      setMissing(true);
      return;
    }
    update.mutate({ name: value.trim() });
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={t('profile.changeName')}>
      <h2 className="h5">{t('profile.changeName')}</h2>
      <Form.Group className="mb-3" controlId="profile-name">
        <Form.Label>{t('profile.name')}</Form.Label>
        <Form.Control
          type="text"
          autoComplete="name"
          value={value}
          maxLength={USER_NAME_MAX}
          isInvalid={missing && !value.trim()}
          onChange={(event) => {
            setValue(event.target.value);
            setMissing(false);
            update.reset();
          }}
          disabled={update.isPending}
        />
        <Form.Control.Feedback type="invalid">{t('profile.enterName')}</Form.Control.Feedback>
      </Form.Group>
      {update.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      {update.isSuccess && (
        <Alert variant="success" role="status">
          {t('profile.nameChanged')}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={update.isPending}>
        {update.isPending ? t('common.saving') : t('profile.saveName')}
      </Button>
    </Form>
  );
}
