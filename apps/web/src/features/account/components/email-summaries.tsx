import type { DigestFrequency, NotificationSettings } from '@photo/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';
import { apiJson } from '../../../shared/api/api-client';
import { errorMessage } from '../../../shared/api/api-error';

const notificationsKey = ['users', 'me', 'notifications'] as const;

/** GET /api/users/me/notifications: the person's e-mail summaries, and whether mail is set up. */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: () => apiJson<NotificationSettings>('/api/users/me/notifications'),
  meta: { quiet: true },
});

/** The contract's DIGEST_FREQUENCIES, in the order shown (the web bundles no zod schema). */
const FREQUENCIES: readonly DigestFrequency[] = ['off', 'hourly', 'daily'];

const CHOICES: Record<DigestFrequency, { label: MessageId; help: MessageId }> = {
  off: { label: 'auth.digestOff', help: 'auth.digestOffHelp' },
  hourly: { label: 'auth.digestHourly', help: 'auth.digestHourlyHelp' },
  daily: { label: 'auth.digestDaily', help: 'auth.digestDailyHelp' },
};

/**
 * How often the person gets an e-mail summary of what happened in their albums (comments, likes,
 * photos added, invitations): off, hourly or daily; only on a server that sends e-mail.
 */
export function EmailSummaries({ emailVerified }: { emailVerified: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const settings = useQuery(notificationsQuery);
  // The choice shows as it is made, in the click's own render, until the server has answered
  // (then its answer, or on a failure the choice before).
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  const save = useMutation({
    mutationFn: (digest: DigestFrequency) =>
      apiJson<NotificationSettings>('/api/users/me/notifications', {
        method: 'PUT',
        json: { digest },
      }),
    onSuccess: (answer) => queryClient.setQueryData(notificationsKey, answer),
    onSettled: () => setChosen(null),
    meta: { quiet: true },
  });

  const heading = <h2 className="h5">{t('auth.digests')}</h2>;
  if (settings.isPending) {
    return (
      <div>
        {heading}
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">{t('auth.digestsLoading')}</span>
        </Spinner>
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div>
        {heading}
        <Alert variant="danger" className="mb-0">
          {errorMessage(settings.error)}
        </Alert>
      </div>
    );
  }
  if (!settings.data.mailConfigured) {
    return (
      <div>
        {heading}
        <p className="mb-0 text-body-secondary">{t('auth.digestsNoMail')}</p>
      </div>
    );
  }
  const current = chosen ?? settings.data.digest;
  return (
    <fieldset aria-describedby="email-summaries-help">
      <legend className="h5">{t('auth.digests')}</legend>
      <p id="email-summaries-help" className="text-body-secondary">
        {emailVerified ? t('auth.digestsHelp') : t('auth.digestsHelpUnverified')}
      </p>
      {FREQUENCIES.map((frequency) => (
        <Form.Check
          key={frequency}
          type="radio"
          id={`email-summaries-${frequency}`}
          name="email-summaries"
          className="mb-2"
        >
          <Form.Check.Input
            type="radio"
            name="email-summaries"
            checked={current === frequency}
            disabled={save.isPending}
            onChange={() => {
              setChosen(frequency);
              save.mutate(frequency);
            }}
            aria-describedby={`email-summaries-${frequency}-help`}
          />
          <Form.Check.Label>{t(CHOICES[frequency].label)}</Form.Check.Label>
          <Form.Text id={`email-summaries-${frequency}-help`} className="d-block mt-0">
            {t(CHOICES[frequency].help)}
          </Form.Text>
        </Form.Check>
      ))}
      {save.isSuccess && !save.isPending && (
        <p role="status" className="mb-0 small text-success-emphasis">
          {t('auth.saved')}
        </p>
      )}
      {save.isError && (
        <Alert variant="danger" role="alert" className="mb-0 mt-2">
          {errorMessage(save.error)}
        </Alert>
      )}
    </fieldset>
  );
}
