import { PASSWORD_MAX } from '@photo/contract';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface PasswordFieldProps {
  /** The input's id; the help text, if any, is `${id}-help`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  disabled: boolean;
  placeholder?: string;
  /** Shown under the field and read with it. */
  help?: ReactNode;
}

/** A labelled password input of at most PASSWORD_MAX characters, with an optional help text. */
export function PasswordField(props: PasswordFieldProps) {
  const { id, label, value, onChange, autoComplete, disabled, placeholder, help } = props;
  const helpId = help === undefined ? undefined : `${id}-help`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="password"
        placeholder={placeholder}
        autoComplete={autoComplete}
        value={value}
        maxLength={PASSWORD_MAX}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={helpId}
      />
      {helpId && (
        <Form.Text id={helpId} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
