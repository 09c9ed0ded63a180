import type { LinkPermission, ShareLink } from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useId, useRef, useState } from 'react';
import { timeAgo } from '../../../shared/lib/format-date';
import { useStopShareLink, useUpdateShareLink } from '../api/sharing';
import { AlbumIcon } from '../../albums/components/album-icons';
import './share-links.css';
import { NewLinkForm } from './new-link-form';
import { PERMISSION_LABELS, absoluteLink, expiryText, type Outcome } from './link-facts';
import { useIntl, useT } from '../../../i18n/i18n';

/** What the link allows, changed at once when another is chosen; "Saved" once the server has it. */
function PermissionSelect({
  albumId,
  link,
  name,
  outcome,
}: {
  albumId: string;
  link: ShareLink;
  name: string;
  outcome: Outcome;
}) {
  const update = useUpdateShareLink(albumId);
  const t = useT();
  // The choice shows at once; it goes back if the server refuses it.
  const shown =
    update.isPending && update.variables.change.permission
      ? update.variables.change.permission
      : link.permission;
  return (
    <>
      <Form.Select
        size="sm"
        className="w-auto d-inline-block app-link-permission"
        aria-label={t('sharing.link.allows', { name })}
        value={shown}
        disabled={update.isPending}
        onChange={(event) => {
          outcome.starts();
          update.mutate(
            { linkId: link.id, change: { permission: event.target.value as LinkPermission } },
            { onError: outcome.failed },
          );
        }}
      >
        {(Object.keys(PERMISSION_LABELS) as LinkPermission[]).map((option) => (
          <option key={option} value={option}>
            {t(PERMISSION_LABELS[option])}
          </option>
        ))}
      </Form.Select>
      <span className="small text-success-emphasis ms-2" role="status">
        {update.isSuccess && update.data.permission === link.permission ? t('sharing.saved') : ''}
      </span>
    </>
  );
}

/** One link: what it is and allows, how it was used; Copy link, and Stop after a confirmation. */
function LinkRow({
  albumId,
  link,
  outcome,
}: {
  albumId: string;
  link: ShareLink;
  outcome: Outcome;
}) {
  const stop = useStopShareLink(albumId);
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const address = useRef<HTMLInputElement>(null);
  const intl = useIntl();
  const t = useT();
  const name = link.label || t('sharing.link');
  const ids = useId();
  const expiry = expiryText(link.expiresAt, intl);
  const expired = expiry === t('sharing.link.expired');
  const facts = [
    ...(expiry ? [expiry] : []),
    link.lastOpenedAt
      ? t('sharing.link.opened', { ago: timeAgo(link.lastOpenedAt) })
      : t('sharing.link.neverOpened'),
  ];
  const limits = link.permission === 'addPhotos' ? link.guestLimits : null;
  const copy = () => {
    const url = absoluteLink(link.url);
    const selectIt = () => {
      address.current?.focus();
      address.current?.select();
      setCopied('select');
    };
    // Without a secure context (http on a home network) there is no clipboard API.
    if (!navigator.clipboard) {
      selectIt();
      return;
    }
    navigator.clipboard.writeText(url).then(() => setCopied('copied'), selectIt);
  };
  return (
    <li className="list-group-item app-link-row py-3" aria-labelledby={`${ids}-name`}>
      <div className="d-flex align-items-start gap-3">
        <span className="app-link-icon flex-shrink-0" aria-hidden="true">
          <AlbumIcon name={link.permission === 'addPhotos' ? 'upload' : 'link'} size="1.1rem" />
        </span>
        <div className="flex-grow-1 app-link-body">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <p className="mb-0 fw-semibold text-break me-auto" id={`${ids}-name`}>
              {name}
              {link.hasPassword && (
                <span className="ms-2 text-body-secondary" title={t('sharing.link.locked')}>
                  <AlbumIcon name="lock" />
                  <span className="visually-hidden"> {t('sharing.link.lockedNote')}</span>
                </span>
              )}
            </p>
            {!confirming && (
              <div className="d-flex gap-2">
                <Button size="sm" variant="outline-primary" disabled={expired} onClick={copy}>
                  <AlbumIcon name="copy" />{' '}
                  {t(copied === 'copied' ? 'sharing.link.copied' : 'sharing.link.copy')}{' '}
                  <span className="visually-hidden">{name}</span>
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
                  {t('sharing.link.stop')} <span className="visually-hidden">{name}</span>
                </Button>
              </div>
            )}
          </div>
          <div className="mt-1">
            <PermissionSelect albumId={albumId} link={link} name={name} outcome={outcome} />
          </div>
          <p className={`small mb-0 mt-1 ${expired ? 'text-danger' : 'text-body-secondary'}`}>
            {facts.join(' · ')}
            {limits &&
              ` · ${t('sharing.link.added', { added: link.guestPhotoCount, count: limits.maxPhotos })}`}
          </p>
          <Form.Control
            ref={address}
            size="sm"
            readOnly
            className="mt-2 app-link-address"
            aria-label={t('sharing.link.address', { name })}
            value={absoluteLink(link.url)}
            onFocus={(event) => event.currentTarget.select()}
          />
          <span className="visually-hidden" role="status">
            {copied === 'copied' ? t('sharing.link.copiedStatus') : ''}
          </span>
          {copied === 'select' && (
            <p className="small text-body-secondary mb-0 mt-1">{t('sharing.link.pressCopy')}</p>
          )}
          {confirming && (
            <div
              className="d-flex flex-wrap align-items-center gap-2 mt-2 p-2 rounded-2 bg-danger-subtle"
              role="group"
              aria-label={t('sharing.link.stopName', { name })}
            >
              <span className="small flex-grow-1">{t('sharing.link.stopText')}</span>
              <Button
                size="sm"
                variant="danger"
                disabled={stop.isPending}
                onClick={() => {
                  outcome.starts();
                  stop.mutate(link.id, {
                    onError: (error) => {
                      setConfirming(false);
                      outcome.failed(error);
                    },
                  });
                }}
              >
                {t(stop.isPending ? 'sharing.link.stopping' : 'sharing.link.stopConfirm')}
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
                {t('sharing.link.keep')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** The Share dialog's links: every link of the album, newest first, and "New link". */
export function ShareLinks({
  albumId,
  links,
  outcome,
}: {
  albumId: string;
  links: ShareLink[];
  outcome: Outcome;
}) {
  const [making, setMaking] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const headingId = useId();
  const t = useT();
  return (
    <section aria-labelledby={headingId}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id={headingId} className="h6 mb-0 me-auto">
          {t('sharing.links')}
        </h3>
        {!making && (
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              setMade(null);
              setMaking(true);
            }}
          >
            {t('sharing.links.new')}
          </Button>
        )}
      </div>
      {making && (
        <NewLinkForm
          albumId={albumId}
          outcome={outcome}
          onDone={(link) => {
            setMaking(false);
            if (link) {
              setMade(
                link.label
                  ? t('sharing.links.ready', { name: link.label })
                  : t('sharing.links.readyUnnamed'),
              );
            }
          }}
        />
      )}
      <p className="small text-success-emphasis mb-2" role="status">
        {made}
      </p>
      {links.length === 0 ? (
        !making && <p className="small text-body-secondary mb-0">{t('sharing.links.none')}</p>
      ) : (
        <ul className="list-group" aria-label={t('sharing.links.list')}>
          {links.map((link) => (
            <LinkRow key={link.id} albumId={albumId} link={link} outcome={outcome} />
          ))}
        </ul>
      )}
    </section>
  );
}
