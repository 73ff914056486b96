import type { FormEvent } from 'react';
import { PasswordField } from '@/components/auth/PasswordField';
import { Button, type ButtonVariant } from '@/components/ui';
import { formField, type FieldForm } from '@/lib/form-field';

export interface PasswordConfirmFormProps {
  form: FieldForm<'password'> & { processing: boolean };
  label: string;
  submitLabel: string;
  variant?: ButtonVariant;
  className?: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

/** A sensitive action asked for again with the account's password: the field, the action and Cancel. */
export function PasswordConfirmForm({
  form,
  label,
  submitLabel,
  variant,
  className,
  onSubmit,
  onCancel,
}: PasswordConfirmFormProps) {
  return (
    <form onSubmit={onSubmit} className={className ?? 'space-y-4'}>
      <PasswordField
        label={label}
        autoComplete="current-password"
        autoFocus
        required
        {...formField(form, 'password')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={variant} loading={form.processing}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
