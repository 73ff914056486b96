import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from './FieldError';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  hint?: ReactNode;
  /** The server's message for this box (a 422 field error), shown under it and announced. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, error, id, className, ...rest }: CheckboxProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-slate-700 dark:text-slate-200">
          {label}
          {hint && <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
