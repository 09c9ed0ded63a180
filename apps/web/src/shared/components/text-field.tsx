import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

export interface TextFieldProps {
  /** The input's id; the help text, if any, is `${id}-help`. */
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** Shown under the field and read with it. */
  help?: ReactNode;
}

/** A labelled input of at most maxLength characters, with an optional help text. */
export function TextField(props: TextFieldProps) {
  const { id, label, type, value, onChange, maxLength, disabled, autoComplete, placeholder, help } =
    props;
  const helpId = help === undefined ? undefined : `${id}-help`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        placeholder={placeholder}
        autoComplete={autoComplete}
        value={value}
        maxLength={maxLength}
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
