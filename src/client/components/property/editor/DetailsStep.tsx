import { humanize } from '@/components/property/rules';
import { FairHousingNotice } from '@/components/property/FairHousingNotice';
import { Checkbox, FormField, Select, TextAreaField, TextField } from '@/components/ui';
import { bindField, type FormStepProps } from './step-props';

export interface PropertyOptions {
  types: string[];
  sectors: string[];
  statuses: string[];
}

/** Name, description, type, sector, status and privacy. */
export function DetailsStep({ options, ...step }: FormStepProps & { options: PropertyOptions }) {
  const { form, set, errors } = step;
  const choice = (field: string, label: string, values: string[], placeholder?: string) => {
    const { error, ...bound } = bindField(step, field);
    return (
      <FormField label={label} name={field} error={error}>
        <Select
          {...bound}
          id={field}
          placeholder={placeholder}
          options={values.map((v) => ({ value: v, label: humanize(v) }))}
        />
      </FormField>
    );
  };
  return (
    <div className="grid gap-3">
      <TextField label="Name" {...bindField(step, 'name')} />
      <TextAreaField
        label="Description"
        name="description"
        error={errors.description}
        rows={5}
        value={String(form.description)}
        onChange={(e) => set('description', e.target.value)}
      />
      <FairHousingNotice text={String(form.description ?? '')} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {choice('type', 'Type', options.types, 'Choose…')}
        {choice('sector', 'Sector', options.sectors, 'Choose…')}
        {choice('status', 'Status', options.statuses)}
      </div>
      <Checkbox
        label="Private (only you can see it, even when published)"
        checked={!!form.is_private}
        onChange={(e) => set('is_private', e.target.checked)}
      />
    </div>
  );
}
