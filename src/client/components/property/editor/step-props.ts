import type { EditorForm } from './form';

/** What every form step gets from the editor: the values, a setter and the field errors of the last save. */
export interface FormStepProps {
  form: EditorForm;
  set: (field: string, value: string | boolean | string[]) => void;
  errors: Record<string, string | undefined>;
}

export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** The props that tie one text input or select (name, value, change, error) to a field of the step's form. */
export function bindField({ form, set, errors }: FormStepProps, field: string) {
  return {
    name: field,
    value: String(form[field] ?? ''),
    onChange: (e: { target: { value: string } }) => set(field, e.target.value),
    error: errors[field],
  };
}
