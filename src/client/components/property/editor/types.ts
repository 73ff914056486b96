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
