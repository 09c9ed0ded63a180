import type { AdminUser, PasswordLink } from '@photo/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useIdentityConfig, useMailConfigured } from '../../../shared/api/client-config';
import { EmptyState } from '../../../shared/components/empty-state';
import { ErrorState } from '../../../shared/components/error-state';
import { LoadMore } from '../../../shared/components/load-more';
import { LoadingState } from '../../../shared/components/loading-state';
import { PageTitle } from '../../../shared/components/page-title';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { useAdminUsers, useMakePasswordLink, useMarkVerified } from '../api/admin-users';

const TITLE = 'People on this server';

/** What the page says of e-mail on this server, and so what the administrator does by hand. */
function MailNote({ embedded, mailConfigured }: { embedded: boolean; mailConfigured: boolean }) {
  if (!embedded) {
    return (
      <p>
        Sign-in accounts are kept by the hosted identity provider, which sends its own e-mails to
        confirm addresses and reset passwords: those are managed there, not here.
      </p>
    );
  }
  if (!mailConfigured) {
    return (
      <p>
        E-mail is not set up on this server, so nobody receives a link to confirm their address or
        to choose a new password. Confirm an address here once you know it is that person&rsquo;s;
        albums shared with it then appear for them. For someone who forgot their password, make a
        password link and give it to them yourself.
      </p>
    );
  }
  return (
    <p>
      This server sends e-mail: people confirm their address and reset their password with the links
      it sends them. You can still confirm an address or make a password link here.
    </p>
  );
}

/** The link just made, to copy and pass on, with when it stops working. */
function PasswordLinkDialog({
  user,
  link,
  onClose,
}: {
  user: AdminUser;
  link: PasswordLink;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby="password-link-title">
      <Modal.Header closeButton>
        <Modal.Title id="password-link-title" as="h2" className="h5">
          Password link for {user.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-break">
          Give this link to {user.name} ({link.emailAddress}) yourself, for example in a message.
          Whoever opens it can choose the password of this account.
        </p>
        <Form.Group controlId="password-link">
          <Form.Label>Password link</Form.Label>
          <Form.Control
            readOnly
            value={link.link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </Form.Group>
        <p className="small text-body-secondary mt-2 mb-0">
          It works once, until{' '}
          <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
        </p>
        {copied && (
          <p role="status" className="small mt-2 mb-0">
            {copied === 'yes'
              ? 'Copied.'
              : 'The link could not be copied: select it and copy it yourself.'}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
        <Button variant="primary" onClick={() => void copy()}>
          Copy the link
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** One account: who, since when, whether the address is confirmed, and what can be done. */
function PersonRow({ user, embedded }: { user: AdminUser; embedded: boolean }) {
  const verify = useMarkVerified();
  const makeLink = useMakePasswordLink();
  const failure = verify.error ?? makeLink.error;
  return (
    <ListGroup.Item as="li" className="py-3">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="app-min-w-0">
          <h2 className="h6 fw-semibold mb-1 text-break">
            {user.name}
            {user.isAdmin && (
              <Badge bg="secondary" className="ms-2 align-text-bottom">
                Administrator
              </Badge>
            )}
          </h2>
          <div className="text-break">{user.emailAddress}</div>
          <div className="small text-body-secondary">
            {user.emailVerified ? (
              <span className="text-success-emphasis">Address confirmed</span>
            ) : (
              <span className="text-warning-emphasis">Address not confirmed</span>
            )}{' '}
            · Joined <time dateTime={user.dateCreated}>{formatDate(user.dateCreated)}</time>
          </div>
        </div>
        {embedded && (
          <div className="d-flex flex-wrap gap-2">
            {!user.emailVerified && (
              <Button
                size="sm"
                variant="outline-success"
                onClick={() => {
                  makeLink.reset();
                  verify.mutate(user.id);
                }}
                disabled={verify.isPending}
                aria-label={`Mark the address of ${user.name} as verified`}
              >
                {verify.isPending ? 'Marking…' : 'Mark address as verified'}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline-primary"
              onClick={() => {
                verify.reset();
                makeLink.mutate(user.id);
              }}
              disabled={makeLink.isPending}
              aria-label={`Make a password link for ${user.name}`}
            >
              {makeLink.isPending ? 'Making…' : 'Make a password link'}
            </Button>
          </div>
        )}
      </div>
      {failure && (
        <Alert variant="danger" role="alert" className="mt-2 mb-0 py-2">
          {errorMessage(failure)}
        </Alert>
      )}
      {makeLink.data && (
        <PasswordLinkDialog user={user} link={makeLink.data} onClose={() => makeLink.reset()} />
      )}
    </ListGroup.Item>
  );
}

/** The administrator's page: every account on the server, newest first. */
export function AdminPage() {
  const users = useAdminUsers();
  const identity = useIdentityConfig();
  const mailConfigured = useMailConfigured();
  const embedded = identity?.embedded ?? true;

  let body;
  if (users.isPending) {
    body = <LoadingState label="Loading the accounts…" />;
  } else if (users.isError) {
    const refused = users.error instanceof ApiError && users.error.status === 403;
    body = (
      <ErrorState
        title={
          refused ? 'This page is for the administrator.' : 'The accounts could not be loaded.'
        }
        message={errorMessage(users.error)}
        onRetry={refused ? undefined : () => void users.refetch()}
        announce
      />
    );
  } else if (users.data.length === 0) {
    body = <EmptyState>No accounts yet.</EmptyState>;
  } else {
    body = (
      <>
        <ListGroup as="ul" className="shadow-sm" aria-label="Accounts">
          {users.data.map((user) => (
            <PersonRow key={user.id} user={user} embedded={embedded} />
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
      <PageTitle title={TITLE} />
      <h1 className="mb-3">{TITLE}</h1>
      {mailConfigured !== undefined && (
        <MailNote embedded={embedded} mailConfigured={mailConfigured} />
      )}
      {body}
    </div>
  );
}
