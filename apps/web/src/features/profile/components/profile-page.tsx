import { DEFAULT_AVATAR_URL } from '@photo/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { clientConfigQuery } from '../../../shared/api/client-config';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { formatDateTime, timeAgo } from '../../../shared/lib/format-date';
import { sizedImageUrl } from '../../../shared/lib/image-url';
import { useMe } from '../api/get-me';
import { ChangeNameForm } from './change-name-form';

interface ProfilePageProps {
  /** Shown above the profile (the address still to confirm). */
  notice?: ReactNode;
  /** The account's settings the identity provider holds (password, deletion), shown below. */
  accountSettings?: ReactNode;
}

// The "when" of "Joined {when}" is a <time>: the text is split around it, in any language's order.
const JOINED_WHEN = '\u0001';

/** The signed-in user's profile (whatever profile id the address names), and their settings. */
export function ProfilePage({ notice, accountSettings }: ProfilePageProps) {
  const t = useT();
  const me = useMe();
  // Which notice shows above the profile (who confirms an address) depends on the server's
  // settings: read them first (or failed to), so that it does not change, nor move the page, once
  // drawn. isFetched stays true when a failed read is tried again (the query is pending again).
  const config = useQuery(clientConfigQuery);

  if (me.isPending || !config.isFetched) return <LoadingState label={t('profile.loading')} />;
  if (me.isError) {
    return (
      <>
        <h1>{t('profile.title')}</h1>
        <ErrorState
          title={t('profile.loadFailed')}
          message={errorMessage(me.error)}
          onRetry={() => void me.refetch()}
        />
      </>
    );
  }

  const user = me.data;
  const picture = sizedImageUrl(user.profilePicUrl || DEFAULT_AVATAR_URL, 'thumb');
  return (
    <>
      <PageTitle title={t('profile.title')} />
      {notice}
      <Card className="mx-auto text-center shadow-sm" style={{ maxWidth: '24rem' }}>
        <Card.Header as="h1" className="h4 py-3 text-break">
          {user.name}
        </Card.Header>
        <Card.Body>
          <img
            src={picture}
            alt={t('profile.pictureOf', { name: user.name })}
            width={200}
            height={200}
            className="rounded-circle mb-3 app-avatar"
          />
          <Card.Title as="p" className="h5 text-break mb-0">
            {user.emailAddress}
          </Card.Title>
        </Card.Body>
        <Card.Footer className="text-body-secondary">
          {t('profile.joined', { when: `${JOINED_WHEN}${timeAgo(user.dateCreated)}${JOINED_WHEN}` })
            .split(JOINED_WHEN)
            .map((part, index) =>
              index === 1 ? (
                <time
                  key="when"
                  dateTime={user.dateCreated}
                  title={formatDateTime(user.dateCreated)}
                >
                  {part}
                </time>
              ) : (
                part
              ),
            )}
        </Card.Footer>
      </Card>
      <section
        aria-label={t('profile.accountSettings')}
        className="mx-auto mt-4 d-grid gap-3"
        style={{ maxWidth: '32rem' }}
      >
        <Card className="shadow-sm">
          <Card.Body>
            <ChangeNameForm name={user.name} />
          </Card.Body>
        </Card>
        {accountSettings}
      </section>
    </>
  );
}
