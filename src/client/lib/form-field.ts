/** The slice of an Inertia form (`useForm`) that a text control bound to string field `K` needs. */
export interface FieldForm<K extends string> {
  data: Record<K, string>;
  errors: Partial<Record<K, string>>;
  setData(field: K, value: string): void;
}

/**
 * Props binding a text control to an Inertia form's string field (name, value, error, onChange), the Inertia-form
 * counterpart of useApiForm's `form.field(name)`: `<TextField label="Email" {...formField(form, 'email')} />`.
 * `transform` rewrites what was typed before it is stored (e.g. lower-casing a handle).
 */
export function formField<K extends string>(
  form: FieldForm<NoInfer<K>>,
  name: K,
  transform?: (value: string) => string,
) {
  return {
    name,
    value: form.data[name],
    error: form.errors[name],
    onChange: (event: { target: { value: string } }) =>
      form.setData(name, transform ? transform(event.target.value) : event.target.value),
  };
}
