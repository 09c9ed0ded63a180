import type { Album, AlbumMember, AlbumVisibility, MemberRole } from '@photo/contract';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useMailConfigured, useNoMail } from '../../../shared/api/client-config';
import { LoadingState } from '../../../shared/components/loading-state';
import { VISIBILITY_LABELS } from './album-visibility';
import {
  useAlbumSharing,
  useCancelInvitation,
  useChangeMemberRole,
  useInvite,
  useRemoveMember,
  useSetVisibility,
} from '../api/sharing';
import type { Outcome } from './link-facts';
import { ShareLinks } from './share-links';

export const ROLE_LABELS: Record<MemberRole, string> = {
  viewer: 'Can view',
  contributor: 'Can add photos',
};

/** A member's role as the select beside them names it. */
const MEMBER_ROLE_CHOICES: Record<MemberRole, string> = {
  viewer: 'Viewer',
  contributor: 'Contributor',
};

function VisibilityChoice({
  albumId,
  visibility,
  outcome,
}: {
  albumId: string;
  visibility: AlbumVisibility;
  outcome: Outcome;
}) {
  const setVisibility = useSetVisibility(albumId);
  const name = useId();
  // The choice shows at once; it goes back if the server refuses it.
  const shown = setVisibility.isPending ? setVisibility.variables : visibility;
  return (
    <fieldset className="mb-4" disabled={setVisibility.isPending}>
      <legend className="h6">Who can see this album</legend>
      {(Object.keys(VISIBILITY_LABELS) as AlbumVisibility[]).map((option) => (
        <Form.Check
          key={option}
          type="radio"
          id={`${name}-${option}`}
          name={name}
          label={VISIBILITY_LABELS[option]}
          checked={shown === option}
          onChange={() => {
            outcome.starts();
            setVisibility.mutate(option, { onError: outcome.failed });
          }}
        />
      ))}
      {shown === 'owner' && (
        <p className="small text-body-secondary mt-2 mb-0">
          Only you can see this album. The people you invited and the link work again when you
          choose another option.
        </p>
      )}
    </fieldset>
  );
}

/** An address with something before and after its @, and a dot in its domain: worth sending. */
const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

function InviteForm({
  albumId,
  full,
  outcome,
}: {
  albumId: string;
  full: boolean;
  outcome: Outcome;
}) {
  const invite = useInvite(albumId);
  const mailConfigured = useMailConfigured();
  const noMail = useNoMail();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    invite.reset();
    if (!LOOKS_LIKE_AN_ADDRESS.test(email.trim())) {
      setProblem('Enter the whole e-mail address, such as name@example.com.');
      return;
    }
    setProblem(null);
    outcome.starts();
    invite.mutate(
      { emailAddress: email.trim(), role },
      {
        onSuccess: (result) => {
          setEmail('');
          setDone(
            result.member
              ? `${result.member.name} can now ${role === 'contributor' ? 'add photos to' : 'see'} this album.`
              : `Invitation to ${result.invitation?.emailAddress ?? 'that address'} is pending until that address is verified.`,
          );
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} className="mb-3" noValidate>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`${ids}-email`} className="flex-grow-1">
          <Form.Label>Invite by e-mail</Form.Label>
          <Form.Control
            type="email"
            value={email}
            autoComplete="off"
            placeholder="name@example.com"
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
            }}
            isInvalid={problem !== null || invite.isError}
            aria-invalid={problem !== null || invite.isError}
            aria-describedby={
              problem !== null || invite.isError ? `${ids}-email-problem` : undefined
            }
            disabled={full}
          />
        </Form.Group>
        <Form.Group controlId={`${ids}-role`}>
          <Form.Label>Role</Form.Label>
          <Form.Select
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            disabled={full}
          >
            {(Object.keys(ROLE_LABELS) as MemberRole[]).map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" disabled={full || email.trim() === '' || invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
      </div>
      {(problem ?? invite.isError) && (
        <p id={`${ids}-email-problem`} className="text-danger small mt-2 mb-0" role="alert">
          {problem ?? errorMessage(invite.error)}
        </p>
      )}
      {done && (
        <p className="text-success-emphasis small mt-2 mb-0" role="status">
          {done}
        </p>
      )}
      {mailConfigured === false && (
        <p className="small text-body-secondary mt-2 mb-0">
          E-mail is not set up on this server, so no invitation e-mail is sent.{' '}
          {noMail ? (
            <>
              Tell the people you invite to sign up with that address and to ask the server&rsquo;s
              administrator to confirm it: the album then appears under &ldquo;Shared with
              me&rdquo;.
            </>
          ) : (
            <>
              Tell the people you invite to sign in with that address and look under &ldquo;Shared
              with me&rdquo;.
            </>
          )}
        </p>
      )}
      {full && (
        <p className="small text-body-secondary mt-2 mb-0">
          This album is shared with as many people as it can be. Remove someone to invite another.
        </p>
      )}
    </Form>
  );
}

interface PersonRowProps {
  who: ReactNode;
  /** An invitation not yet accepted. */
  pending?: boolean;
  /** The role: a badge, or for a member the select that changes it. */
  role: ReactNode;
  /** Completes the Remove button's accessible name. */
  removeName: string;
  removing: boolean;
  onRemove: () => void;
}

/** A member or an invitation in the People list, with its role and a Remove button. */
function PersonRow({ who, pending = false, role, removeName, removing, onRemove }: PersonRowProps) {
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <span className="flex-grow-1 text-break">{who}</span>
      {pending && (
        <Badge bg="warning" text="dark">
          Pending
        </Badge>
      )}
      {role}
      <Button size="sm" variant="outline-danger" disabled={removing} onClick={onRemove}>
        Remove <span className="visually-hidden">{removeName}</span>
      </Button>
    </li>
  );
}

/** A member's role, changed at once when another is chosen; "Saved" once the server has it. */
function MemberRoleSelect({
  albumId,
  member,
  outcome,
}: {
  albumId: string;
  member: AlbumMember;
  outcome: Outcome;
}) {
  const change = useChangeMemberRole(albumId);
  // The choice shows at once; it goes back if the server refuses it.
  const shown = change.isPending ? change.variables.role : member.role;
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="small text-success-emphasis" role="status">
        {change.isSuccess && change.data.role === member.role ? 'Saved' : ''}
      </span>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={`Role of ${member.name}`}
        value={shown}
        disabled={change.isPending}
        onChange={(event) => {
          outcome.starts();
          change.mutate(
            { userId: member.userId, role: event.target.value as MemberRole },
            { onError: outcome.failed },
          );
        }}
      >
        {(Object.keys(MEMBER_ROLE_CHOICES) as MemberRole[]).map((option) => (
          <option key={option} value={option}>
            {MEMBER_ROLE_CHOICES[option]}
          </option>
        ))}
      </Form.Select>
    </span>
  );
}

/** The owner's "Share" dialog: who sees the album, invitations and members, the share link. */
export function ShareDialog({
  album,
  show,
  onClose,
}: {
  album: Album;
  show: boolean;
  onClose: () => void;
}) {
  const sharing = useAlbumSharing(album.id, show);
  const removeMember = useRemoveMember(album.id);
  const cancelInvitation = useCancelInvitation(album.id);
  const titleId = useId();
  const data = sharing.data;
  const people = data ? data.members.length + data.invitations.length : 0;
  const [failure, setFailure] = useState<string | null>(null);
  const outcome: Outcome = {
    starts: () => setFailure(null),
    failed: (error) => setFailure(errorMessage(error)),
  };
  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5 text-break">
          Share &ldquo;{album.name}&rdquo;
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {sharing.isPending && <LoadingState label="Loading who can see this album…" />}
        {sharing.isError && (
          <Alert variant="danger" role="alert">
            {errorMessage(sharing.error)}
          </Alert>
        )}
        {failure && (
          <Alert variant="danger" role="alert" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {data && (
          <>
            <VisibilityChoice albumId={album.id} visibility={data.visibility} outcome={outcome} />
            <section aria-labelledby={`${titleId}-people`} className="mb-4">
              <h3 id={`${titleId}-people`} className="h6">
                People
              </h3>
              <InviteForm albumId={album.id} full={people >= data.membersMax} outcome={outcome} />
              {people === 0 ? (
                <p className="small text-body-secondary mb-0">Nobody is invited yet.</p>
              ) : (
                <ul className="list-group" aria-label="Members and invitations">
                  {data.members.map((member) => (
                    <PersonRow
                      key={member.userId}
                      who={
                        <>
                          <span className="fw-semibold">{member.name}</span>{' '}
                          <span className="small text-body-secondary">{member.emailAddress}</span>
                        </>
                      }
                      role={
                        <MemberRoleSelect albumId={album.id} member={member} outcome={outcome} />
                      }
                      removeName={member.name}
                      removing={removeMember.isPending}
                      onRemove={() => {
                        outcome.starts();
                        removeMember.mutate(member.userId, { onError: outcome.failed });
                      }}
                    />
                  ))}
                  {data.invitations.map((invitation) => (
                    <PersonRow
                      key={invitation.id}
                      who={invitation.emailAddress}
                      pending
                      role={<Badge bg="secondary">{ROLE_LABELS[invitation.role]}</Badge>}
                      removeName={invitation.emailAddress}
                      removing={cancelInvitation.isPending}
                      onRemove={() => {
                        outcome.starts();
                        cancelInvitation.mutate(invitation.id, { onError: outcome.failed });
                      }}
                    />
                  ))}
                </ul>
              )}
            </section>
            <ShareLinks albumId={album.id} links={data.links} outcome={outcome} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
