import ListGroup from 'react-bootstrap/ListGroup';
import { useT } from '../../../i18n/i18n';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useIdentityConfig, useMailConfigured } from '../../../shared/api/client-config';
import { useCurrentUserId } from '../../../shared/auth/session-store';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { useAdminUsers } from '../api/admin-users';
import { PersonCard } from './person-card';
import { FaceIndex } from './face-index';
import { ServerFigures } from './server-figures';

/** What the page says of e-mail on this server, and so what the administrator does by hand. */
function MailNote({ embedded, mailConfigured }: { embedded: boolean; mailConfigured: boolean }) {
  const t = useT();
  if (!embedded) return <p>{t('admin.mailHosted')}</p>;
  return <p>{mailConfigured ? t('admin.mailConfigured') : t('admin.mailNotConfigured')}</p>;
}

/** The administrators' page: the server's figures, and every account on it, newest first. */
export function AdminPage() {
  const t = useT();
  const users = useAdminUsers();
  const identity = useIdentityConfig();
  const mailConfigured = useMailConfigured();
  const selfId = useCurrentUserId();
  const embedded = identity?.embedded ?? true;
  const title = t('admin.title');
  const refused = users.error instanceof ApiError && users.error.status === 403;

  let body;
  if (users.isPending) {
    body = <LoadingState label={t('admin.loading')} />;
  } else if (users.isError) {
    body = (
      <ErrorState
        title={refused ? t('admin.refused') : t('admin.loadFailed')}
        message={errorMessage(users.error)}
        onRetry={refused ? undefined : () => void users.refetch()}
        announce
      />
    );
  } else if (users.data.length === 0) {
    body = <EmptyState icon="people" title={t('admin.empty')} />;
  } else {
    body = (
      <>
        <h2 className="h5">{t('admin.peopleTitle')}</h2>
        {mailConfigured !== undefined && (
          <MailNote embedded={embedded} mailConfigured={mailConfigured} />
        )}
        <ListGroup as="ul" className="shadow-sm" aria-label={t('admin.accounts')}>
          {users.data.map((user) => (
            <PersonCard key={user.id} user={user} embedded={embedded} isSelf={user.id === selfId} />
          ))}
        </ListGroup>
        <LoadMore
          hasMore={users.hasNextPage}
          loading={users.isFetchingNextPage}
          onLoadMore={() => void users.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <div className="mx-auto" style={{ maxWidth: '48rem' }}>
      <PageTitle title={title} />
      <h1 className="mb-3">{title}</h1>
      {users.isSuccess && <ServerFigures />}
      {users.isSuccess && <FaceIndex />}
      {body}
    </div>
  );
}
