import {
  cloneElement,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './FieldError';
import { Input, type InputProps } from './Input';
import { Label } from './Label';
import { Select, type SelectProps } from './Select';
import { TextArea, type TextAreaProps } from './TextArea';

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  name: string;
  invalid: boolean;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Form key, e.g. `email`; also used to read `form.errors[name]`. */
  name: string;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** One control element (id/name/invalid are injected) or a render function. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

/**
 * Label + control + hint + validation error, wired with ids for accessibility.
 *
 *   <FormField label="Email" name="email" error={form.errors.email}>
 *     <Input type="email" value={form.data.email} onChange={(e) => form.setData('email', e.target.value)} />
 *   </FormField>
 */
export function FormField({ label, name, error, hint, required, className, children }: FormFieldProps) {
  const id = `${name}-${useId().replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControlProps = {
    id,
    name,
    invalid: Boolean(error),
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };

  let rendered: ReactNode;
  if (typeof children === 'function') rendered = children(control);
  else if (isValidElement(children)) {
    // Props set explicitly on the child win over the generated ones.
    rendered = cloneElement(children, { ...control, ...children.props });
  }

  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {rendered}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** What a one-control field adds around its control: a FormField's label, hint and error. */
type FieldShellProps = Omit<FormFieldProps, 'children'> & {
  /** Classes for the control itself (`className` styles the whole field: label, control, hint and error). */
  inputClassName?: string;
};

export type TextFieldProps = Omit<InputProps, 'name'> & FieldShellProps;
export type TextAreaFieldProps = Omit<TextAreaProps, 'name'> & FieldShellProps;
export type SelectFieldProps = Omit<SelectProps, 'name'> & FieldShellProps;
export type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type' | 'value' | 'onChange'> &
  FieldShellProps & {
    /** The chosen file, or null when the choice is cleared. */
    onFile: (file: File | null) => void;
  };

/** A FormField around one control: the shell's props go to the field, the rest to the control. */
function shellAround<P extends FieldShellProps>(
  { label, name, error, hint, required, className, inputClassName, ...control }: P,
  render: (
    control: Omit<P, keyof FieldShellProps> & { required?: boolean; className?: string },
  ) => ReactElement<Partial<FieldControlProps>>,
) {
  return (
    <FormField label={label} name={name} error={error} hint={hint} required={required} className={className}>
      {render({ ...control, required, className: inputClassName })}
    </FormField>
  );
}

/** Shortcut for the most common case: a FormField holding one Input. */
export function TextField(props: TextFieldProps) {
  return shellAround(props, (control) => <Input {...control} />);
}

/** A FormField holding one TextArea: `<TextAreaField label="Reason" rows={3} {...form.field('reason')} />`. */
export function TextAreaField(props: TextAreaFieldProps) {
  return shellAround(props, (control) => <TextArea {...control} />);
}

/** A FormField holding one Select: `<SelectField label="Who can read" options={...} {...form.field('visibility')} />`. */
export function SelectField(props: SelectFieldProps) {
  return shellAround(props, (control) => <Select {...control} />);
}

/**
 * A FormField holding one file chooser that hands back the chosen file:
 * `<FileField label="Signed form" accept="application/pdf" onFile={setFile} name="file" error={form.errors.file} />`.
 */
export function FileField({
  label,
  name,
  error,
  hint,
  required,
  className,
  inputClassName = 'block w-full text-sm text-slate-700 dark:text-slate-300',
  onFile,
  ...rest
}: FileFieldProps) {
  return (
    <FormField label={label} name={name} error={error} hint={hint} required={required} className={className}>
      {({ invalid, ...control }) => (
        <input
          {...rest}
          {...control}
          type="file"
          required={required}
          aria-invalid={invalid || undefined}
          className={inputClassName}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      )}
    </FormField>
  );
}
