import {
  LINK_LABEL_MAX,
  LINK_PASSWORD_MAX,
  LINK_PASSWORD_MIN,
  type CreateShareLinkRequest,
  type LinkPermission,
  type ShareLink,
} from '@photo/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCreateShareLink } from '../api/sharing';
import { PERMISSION_LABELS, type Outcome } from './link-facts';
import { useIntl, useT } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

/** One line under each choice: what whoever holds the link may do. */
const PERMISSION_HELP: Record<LinkPermission, MessageId> = {
  view: 'sharing.can.view.help',
  download: 'sharing.can.download.help',
  addPhotos: 'sharing.can.add.help',
};

/** When a new link stops: never, in so many days, or on a chosen day. */
const EXPIRIES = {
  never: null,
  '1': 1,
  '7': 7,
  '30': 30,
  date: null,
} as const;
type Expiry = keyof typeof EXPIRIES;

const DAY = 24 * 60 * 60 * 1000;
/** What the form offers guests of a new addPhotos link: the server's default limit. */
export const GUEST_PHOTOS_DEFAULT = 500;
const GUEST_PHOTOS_MAX = 100_000;
/** Room for the photos guests add: 25 MB a photo on average. */
const BYTES_PER_GUEST_PHOTO = 25 * 1024 * 1024;

/** "2026-12-03" of a day in the reader's time zone. */
function dayInput(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When a link chosen to expire `expiry` stops: null for never; the end of a chosen day. */
export function expiresAtOf(expiry: Expiry, day: string, now = Date.now()): string | null {
  if (expiry === 'never') return null;
  if (expiry === 'date') {
    const [year, month, date] = day.split('-').map(Number);
    if (!year || !month || !date) return null;
    return new Date(year, month - 1, date, 23, 59, 59).toISOString();
  }
  return new Date(now + Number(expiry) * DAY).toISOString();
}

/** The form's fields, as typed. */
interface LinkFields {
  label: string;
  permission: LinkPermission;
  expiry: Expiry;
  day: string;
  password: string;
  maxPhotos: string;
}

/** What the form said was wrong, beside which field. */
interface Problem {
  field: string;
  message: string;
}

/** The request the fields make, or what is wrong with them. */
function linkRequestOf(
  fields: LinkFields,
  t: ReturnType<typeof useT>,
  intl: ReturnType<typeof useIntl>,
): { input: CreateShareLinkRequest } | { problem: Problem } {
  const { label, permission, expiry, day, password, maxPhotos } = fields;
  const input: CreateShareLinkRequest = { label: label.trim(), permission };
  if (expiry !== 'never') {
    const expiresAt = expiresAtOf(expiry, day);
    if (!expiresAt || Date.parse(expiresAt) <= Date.now()) {
      return { problem: { field: 'expiry', message: t('sharing.new.dayPast') } };
    }
    input.expiresAt = expiresAt;
  }
  if (password !== '') {
    if (password.length < LINK_PASSWORD_MIN) {
      return {
        problem: {
          field: 'password',
          message: t('sharing.new.passwordShort', { count: LINK_PASSWORD_MIN }),
        },
      };
    }
    input.password = password;
  }
  if (permission === 'addPhotos') {
    const count = Number(maxPhotos);
    if (!Number.isInteger(count) || count < 1 || count > GUEST_PHOTOS_MAX) {
      return {
        problem: {
          field: 'maxPhotos',
          message: t('sharing.new.maxPhotosRange', {
            max: intl.formatNumber(GUEST_PHOTOS_MAX),
          }),
        },
      };
    }
    // Left as it was, the server's own limits apply (its GUEST_LINK_MAX_* settings).
    if (count !== GUEST_PHOTOS_DEFAULT) {
      input.guestLimits = { maxPhotos: count, maxBytes: count * BYTES_PER_GUEST_PHOTO };
    }
  }
  return { input };
}

/** A field's problem: the attributes that mark the field, and the words under it. */
interface ProblemMarks {
  invalid: (field: string) => Record<string, unknown>;
  text: (field: string) => ReactNode;
}

function problemMarks(problem: Problem | null, ids: string): ProblemMarks {
  return {
    invalid: (field) =>
      problem?.field === field
        ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${ids}-problem` }
        : {},
    text: (field) =>
      problem?.field === field && (
        <p id={`${ids}-problem`} className="text-danger small mt-1 mb-0" role="alert">
          {problem.message}
        </p>
      ),
  };
}

/** "Who can use it": view, download or add photos, each with a line of help. */
function PermissionChoice({
  ids,
  permission,
  onChange,
}: {
  ids: string;
  permission: LinkPermission;
  onChange: (permission: LinkPermission) => void;
}) {
  const t = useT();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{t('sharing.new.who')}</legend>
      {(Object.keys(PERMISSION_LABELS) as LinkPermission[]).map((option) => (
        <Form.Check
          key={option}
          type="radio"
          id={`${ids}-permission-${option}`}
          name={`${ids}-permission`}
          className="mb-1"
        >
          <Form.Check.Input
            type="radio"
            checked={permission === option}
            onChange={() => onChange(option)}
            aria-describedby={`${ids}-permission-${option}-help`}
          />
          <Form.Check.Label>{t(PERMISSION_LABELS[option])}</Form.Check.Label>
          <div id={`${ids}-permission-${option}-help`} className="small text-body-secondary">
            {t(PERMISSION_HELP[option])}
          </div>
        </Form.Check>
      ))}
    </fieldset>
  );
}

/** "Expires": never, in so many days, or on a chosen last day. */
function ExpiryFields({
  ids,
  expiry,
  day,
  onExpiry,
  onDay,
  marks,
}: {
  ids: string;
  expiry: Expiry;
  day: string;
  onExpiry: (expiry: Expiry) => void;
  onDay: (day: string) => void;
  marks: ProblemMarks;
}) {
  const t = useT();
  const [today] = useState(() => dayInput(Date.now()));
  const expiryLabel = (option: Expiry) => {
    const days = EXPIRIES[option];
    if (days !== null) return t('sharing.expires.in', { count: days });
    return t(option === 'never' ? 'sharing.expires.never' : 'sharing.expires.date');
  };
  return (
    <div className="d-flex flex-wrap gap-3 mb-3">
      <Form.Group controlId={`${ids}-expiry`}>
        <Form.Label>{t('sharing.new.expires')}</Form.Label>
        <Form.Select value={expiry} onChange={(event) => onExpiry(event.target.value as Expiry)}>
          {(Object.keys(EXPIRIES) as Expiry[]).map((option) => (
            <option key={option} value={option}>
              {expiryLabel(option)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {expiry === 'date' && (
        <Form.Group controlId={`${ids}-day`}>
          <Form.Label>{t('sharing.new.lastDay')}</Form.Label>
          <Form.Control
            type="date"
            value={day}
            min={today}
            onChange={(event) => onDay(event.target.value)}
            {...marks.invalid('expiry')}
          />
          {marks.text('expiry')}
        </Form.Group>
      )}
    </div>
  );
}

/** The link's password (optional), shown or hidden. */
function LinkPasswordField({
  ids,
  password,
  onChange,
  marks,
}: {
  ids: string;
  password: string;
  onChange: (password: string) => void;
  marks: ProblemMarks;
}) {
  const t = useT();
  const [showPassword, setShowPassword] = useState(false);
  return (
    <Form.Group controlId={`${ids}-password`} className="mb-3">
      <Form.Label>
        {t('sharing.new.password')}{' '}
        <span className="text-body-secondary small">{t('sharing.new.optional')}</span>
      </Form.Label>
      <InputGroup className="app-password-input">
        <Form.Control
          type={showPassword ? 'text' : 'password'}
          value={password}
          maxLength={LINK_PASSWORD_MAX}
          autoComplete="new-password"
          onChange={(event) => onChange(event.target.value)}
          {...marks.invalid('password')}
        />
        <Button
          variant="outline-secondary"
          aria-pressed={showPassword}
          onClick={() => setShowPassword((shown) => !shown)}
        >
          {t(showPassword ? 'sharing.new.hide' : 'sharing.new.show')}{' '}
          <span className="visually-hidden">{t('sharing.new.passwordWord')}</span>
        </Button>
      </InputGroup>
      {marks.text('password')}
      <Form.Text>{t('sharing.new.passwordHelp')}</Form.Text>
    </Form.Group>
  );
}

/** The small form of "New link": name, what it allows, when it stops, password, guests' limit. */
export function NewLinkForm({
  albumId,
  outcome,
  onDone,
}: {
  albumId: string;
  outcome: Outcome;
  /** The link made, or null when the form was cancelled. */
  onDone: (link: ShareLink | null) => void;
}) {
  const create = useCreateShareLink(albumId);
  const ids = useId();
  const t = useT();
  const intl = useIntl();
  const [label, setLabel] = useState('');
  const [permission, setPermission] = useState<LinkPermission>('view');
  const [expiry, setExpiry] = useState<Expiry>('never');
  const [day, setDay] = useState(() => dayInput(Date.now() + 7 * DAY));
  const [password, setPassword] = useState('');
  const [maxPhotos, setMaxPhotos] = useState(String(GUEST_PHOTOS_DEFAULT));
  const [problem, setProblem] = useState<Problem | null>(null);
  const marks = problemMarks(problem, ids);
  /** A change of a field the form checks: what was said about it goes. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setProblem(null);
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { label, permission, expiry, day, password, maxPhotos };
    const checked = linkRequestOf(fields, t, intl);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    outcome.starts();
    create.mutate(checked.input, { onSuccess: (link) => onDone(link), onError: outcome.failed });
  };

  return (
    <Form
      onSubmit={submit}
      noValidate
      className="app-new-link border rounded-3 p-3 mb-3"
      aria-label={t('sharing.links.new')}
    >
      <Form.Group controlId={`${ids}-label`} className="mb-3">
        <Form.Label>
          {t('sharing.new.name')}{' '}
          <span className="text-body-secondary small">{t('sharing.new.optional')}</span>
        </Form.Label>
        <Form.Control
          value={label}
          maxLength={LINK_LABEL_MAX}
          placeholder={t('sharing.new.namePlaceholder')}
          autoComplete="off"
          onChange={(event) => setLabel(event.target.value)}
        />
      </Form.Group>
      <PermissionChoice ids={ids} permission={permission} onChange={setPermission} />
      {permission === 'addPhotos' && (
        <Form.Group controlId={`${ids}-max-photos`} className="mb-3">
          <Form.Label>{t('sharing.new.maxPhotos')}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={GUEST_PHOTOS_MAX}
            value={maxPhotos}
            className="app-narrow-input"
            onChange={(event) => changed(setMaxPhotos)(event.target.value)}
            {...marks.invalid('maxPhotos')}
          />
          {marks.text('maxPhotos')}
        </Form.Group>
      )}
      <ExpiryFields
        ids={ids}
        expiry={expiry}
        day={day}
        onExpiry={changed(setExpiry)}
        onDay={changed(setDay)}
        marks={marks}
      />
      <LinkPasswordField
        ids={ids}
        password={password}
        onChange={changed(setPassword)}
        marks={marks}
      />
      <div className="d-flex justify-content-end gap-2">
        <Button variant="outline-secondary" onClick={() => onDone(null)}>
          {t('sharing.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {t(create.isPending ? 'sharing.new.making' : 'sharing.new.make')}
        </Button>
      </div>
    </Form>
  );
}
