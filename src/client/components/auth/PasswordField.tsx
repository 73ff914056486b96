import { useState } from 'react';
import { FormField, Input, type InputProps } from '@/components/ui';

export interface PasswordFieldProps extends Omit<InputProps, 'type' | 'name'> {
  label: string;
  name: string;
  error?: string | null;
  hint?: string;
}

/** A password input with a show/hide toggle, wired to its label and error. */
export function PasswordField({ label, name, error, hint, required, ...rest }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} name={name} error={error} hint={hint} required={required}>
      {(control) => (
        <div className="relative">
          <Input {...control} {...rest} required={required} type={visible ? 'text' : 'password'} className="pr-16" />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            className="absolute inset-y-0 right-0 flex items-center px-3 text-xs font-medium text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200"
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </FormField>
  );
}
