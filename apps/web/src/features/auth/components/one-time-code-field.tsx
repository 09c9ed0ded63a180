import Form from 'react-bootstrap/Form';

interface OneTimeCodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** A recovery code (letters and digits) rather than the app's 6 digits. */
  recovery?: boolean;
  help?: string;
  error?: string;
}

/**
 * The 6-digit code of an authenticator app: digits only, the phone's number pad, and the
 * browser's one-time-code autofill; or a recovery code.
 */
export function OneTimeCodeField(props: OneTimeCodeFieldProps) {
  const { id, label, value, onChange, disabled, recovery = false, help, error } = props;
  const describedBy = [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        className="font-monospace"
        style={{ maxWidth: recovery ? '14rem' : '10rem', letterSpacing: '0.15em' }}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        pattern={recovery ? undefined : '[0-9]*'}
        maxLength={recovery ? 11 : 6}
        spellCheck={false}
        autoCapitalize="off"
        value={value}
        onChange={(event) =>
          onChange(
            recovery
              ? event.target.value.trim()
              : event.target.value.replace(/\D/g, '').slice(0, 6),
          )
        }
        disabled={disabled}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} role="alert">
          {error}
        </Form.Control.Feedback>
      )}
      {help && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
