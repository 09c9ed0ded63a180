import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../../i18n/i18n';
import { errorMessage } from '../../../shared/api/api-error';
import { PasswordField } from './password-field';

type FieldProps = Omit<Parameters<typeof PasswordField>[0], 'disabled'>;

interface PasswordFormProps {
  /** The form's accessible name. */
  label: string;
  /** The account's address, in a hidden field: password managers file the password under it. */
  email: string;
  /** What stands above the two fields. */
  intro: ReactNode;
  fields: [FieldProps, FieldProps];
  /** What is wrong with what was typed, or null to send it. */
  problemOf: () => string | null;
  /** The mutation that sends it (send.mutate() once nothing is wrong). */
  send: { mutate: () => void; isPending: boolean; isError: boolean; error: unknown };
  submitLabel: string;
  /**
   * What the form says beside one of its fields about a failed send (its id and sentence), or
   * null to say it above the button.
   */
  fieldErrorOf?: (error: unknown) => { id: string; message: string } | null;
  /** Shown under the fields once sent, while nothing is wrong. */
  done?: ReactNode;
}

/** Two password fields checked before they are sent, with what went wrong under them. */
export function PasswordForm(props: PasswordFormProps) {
  const { label, email, intro, fields, problemOf, send, submitLabel, done, fieldErrorOf } = props;
  const t = useT();
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemOf();
    setProblem(found);
    if (!found) send.mutate();
  };

  const fieldError = !problem && send.isError ? (fieldErrorOf?.(send.error) ?? null) : null;

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={label}>
      {intro}
      <input type="hidden" autoComplete="username" value={email} readOnly />
      {fields.map((field) => (
        <PasswordField
          key={field.id}
          {...field}
          error={fieldError?.id === field.id ? fieldError.message : undefined}
          disabled={send.isPending}
        />
      ))}
      {(problem ?? (send.isError && !fieldError)) && (
        <Alert variant="danger" role="alert">
          {problem ?? errorMessage(send.error)}
        </Alert>
      )}
      {!problem && done}
      <Button type="submit" variant="primary" disabled={send.isPending}>
        {send.isPending ? t('common.saving') : submitLabel}
      </Button>
    </Form>
  );
}
