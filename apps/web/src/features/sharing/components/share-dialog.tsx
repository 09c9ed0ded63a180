import type { AlbumMember, AlbumVisibility, MemberRole } from '@photo/contract';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/api-error';
import { useMailConfigured, useNoMail } from '../../../shared/api/client-config';
import { LoadingState } from '../../../shared/components/loading-state';
import type { AlbumDialogProps } from '../../albums/components/album-details-page';
import { VISIBILITY_LABELS } from '../../albums/components/album-visibility';
import {
  useAlbumSharing,
  useCancelInvitation,
  useChangeMemberRole,
  useInvite,
  useRemoveMember,
  useSetVisibility,
} from '../api/sharing';
import type { Outcome } from './link-facts';
import { PlacesChoice } from './places-choice';
import { ShareLinks } from './share-links';
import { useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

export const ROLE_LABELS: Record<MemberRole, MessageId> = {
  viewer: 'sharing.can.view',
  contributor: 'sharing.can.add',
};

/** A member's role as the select beside them names it. */
const MEMBER_ROLE_CHOICES: Record<MemberRole, MessageId> = {
  viewer: 'sharing.role.viewer',
  contributor: 'sharing.role.contributor',
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
  const t = useT();
  // The choice shows at once; it goes back if the server refuses it.
  const shown = setVisibility.isPending ? setVisibility.variables : visibility;
  return (
    <fieldset className="mb-4" disabled={setVisibility.isPending}>
      <legend className="h6">{t('sharing.see')}</legend>
      {(Object.keys(VISIBILITY_LABELS) as AlbumVisibility[]).map((option) => (
        <Form.Check
          key={option}
          type="radio"
          id={`${name}-${option}`}
          name={name}
          label={t(VISIBILITY_LABELS[option])}
          checked={shown === option}
          onChange={() => {
            outcome.starts();
            setVisibility.mutate(option, { onError: outcome.failed });
          }}
        />
      ))}
      {shown === 'owner' && (
        <p className="small text-body-secondary mt-2 mb-0">{t('sharing.see.ownerHelp')}</p>
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
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    invite.reset();
    if (!LOOKS_LIKE_AN_ADDRESS.test(email.trim())) {
      setProblem(t('sharing.invite.whole'));
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
              ? t(role === 'contributor' ? 'sharing.invite.canAdd' : 'sharing.invite.canSee', {
                  name: result.member.name,
                })
              : t('sharing.invite.pending', {
                  email: result.invitation?.emailAddress ?? t('sharing.invite.thatAddress'),
                }),
          );
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} className="mb-3" noValidate>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`${ids}-email`} className="flex-grow-1">
          <Form.Label>{t('sharing.invite')}</Form.Label>
          <Form.Control
            type="email"
            value={email}
            autoComplete="off"
            placeholder={t('sharing.invite.placeholder')}
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
          <Form.Label>{t('sharing.role')}</Form.Label>
          <Form.Select
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            disabled={full}
          >
            {(Object.keys(ROLE_LABELS) as MemberRole[]).map((option) => (
              <option key={option} value={option}>
                {t(ROLE_LABELS[option])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" disabled={full || email.trim() === '' || invite.isPending}>
          {t(invite.isPending ? 'sharing.invite.sending' : 'sharing.invite.send')}
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
          {t(noMail ? 'sharing.invite.noMailConfirm' : 'sharing.invite.noMail')}
        </p>
      )}
      {full && <p className="small text-body-secondary mt-2 mb-0">{t('sharing.invite.full')}</p>}
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
  const t = useT();
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2">
      <span className="flex-grow-1 text-break">{who}</span>
      {pending && (
        <Badge bg="warning" text="dark">
          {t('sharing.pending')}
        </Badge>
      )}
      {role}
      <Button size="sm" variant="outline-danger" disabled={removing} onClick={onRemove}>
        {t('sharing.remove')} <span className="visually-hidden">{removeName}</span>
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
  const t = useT();
  // The choice shows at once; it goes back if the server refuses it.
  const shown = change.isPending ? change.variables.role : member.role;
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="small text-success-emphasis" role="status">
        {change.isSuccess && change.data.role === member.role ? t('sharing.saved') : ''}
      </span>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t('sharing.role.of', { name: member.name })}
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
            {t(MEMBER_ROLE_CHOICES[option])}
          </option>
        ))}
      </Form.Select>
    </span>
  );
}

/** The owner's "Share" dialog: who sees the album, invitations and members, the share link. */
export function ShareDialog({ album, show, onClose }: AlbumDialogProps) {
  const sharing = useAlbumSharing(album.id, show);
  const removeMember = useRemoveMember(album.id);
  const cancelInvitation = useCancelInvitation(album.id);
  const titleId = useId();
  const t = useT();
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
          {t('sharing.title', { name: album.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {sharing.isPending && <LoadingState label={t('sharing.loading')} />}
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
            <PlacesChoice album={album} outcome={outcome} />
            <section aria-labelledby={`${titleId}-people`} className="mb-4">
              <h3 id={`${titleId}-people`} className="h6">
                {t('sharing.people')}
              </h3>
              <InviteForm albumId={album.id} full={people >= data.membersMax} outcome={outcome} />
              {people === 0 ? (
                <p className="small text-body-secondary mb-0">{t('sharing.people.none')}</p>
              ) : (
                <ul className="list-group" aria-label={t('sharing.people.list')}>
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
                      role={<Badge bg="secondary">{t(ROLE_LABELS[invitation.role])}</Badge>}
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
          {t('sharing.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
