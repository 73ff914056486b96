import { formField, type FieldForm } from '@/lib/form-field';
import { PasswordField } from './PasswordField';

export interface PasswordFieldsProps {
  form: FieldForm<'password' | 'password_confirmation'>;
  /** "New password" wording where the account already has one (reset, change). */
  replacing?: boolean;
  autoFocus?: boolean;
}

/** A new password and its confirmation, bound to an Inertia form's `password` and `password_confirmation`. */
export function PasswordFields({ form, replacing = false, autoFocus }: PasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={replacing ? 'New password' : 'Password'}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        hint="At least 8 characters."
        {...formField(form, 'password')}
      />
      <PasswordField
        label={replacing ? 'Confirm new password' : 'Confirm password'}
        autoComplete="new-password"
        required
        {...formField(form, 'password_confirmation')}
      />
    </>
  );
}
