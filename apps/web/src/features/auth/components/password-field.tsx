import { PASSWORD_MAX } from '@photo/contract';
import { TextField, type TextFieldProps } from '../../../shared/components/text-field';

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'maxLength' | 'autoComplete'> {
  autoComplete: 'current-password' | 'new-password';
}

/** A labelled password input of at most PASSWORD_MAX characters, with an optional help text. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField {...props} type="password" maxLength={PASSWORD_MAX} />;
}
