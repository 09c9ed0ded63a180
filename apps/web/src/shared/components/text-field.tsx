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
  /** What is wrong with this field: it is marked invalid and says so under itself. */
  error?: string;
}

/** A labelled input of at most maxLength characters, with an optional help text. */
export function TextField(props: TextFieldProps) {
  const { id, label, type, value, onChange, maxLength, disabled, autoComplete, placeholder } =
    props;
  const { help, error } = props;
  const helpId = help === undefined ? undefined : `${id}-help`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
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
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {errorId && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
      {helpId && (
        <Form.Text id={helpId} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
