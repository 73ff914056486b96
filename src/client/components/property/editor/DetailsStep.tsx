import { humanize } from '@/components/property/rules';
import { Checkbox, FormField, Select, TextField } from '@/components/ui';
import type { FormStepProps } from './types';

export interface PropertyOptions {
  types: string[];
  sectors: string[];
  statuses: string[];
}

/** Name, description, type, sector, status and privacy. */
export function DetailsStep({ form, set, errors, options }: FormStepProps & { options: PropertyOptions }) {
  const choices = (values: string[]) => values.map((v) => ({ value: v, label: humanize(v) }));
  return (
    <div className="grid gap-3">
      <TextField
        label="Name"
        name="name"
        value={String(form.name)}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
      />
      <FormField label="Description" name="description" error={errors.description}>
        {({ invalid, ...control }) => (
          <textarea
            {...control}
            aria-invalid={invalid || undefined}
            rows={5}
            value={String(form.description)}
            onChange={(e) => set('description', e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white"
          />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Type" name="type" error={errors.type}>
          <Select
            id="type"
            value={String(form.type)}
            onChange={(e) => set('type', e.target.value)}
            placeholder="Choose…"
            options={choices(options.types)}
          />
        </FormField>
        <FormField label="Sector" name="sector" error={errors.sector}>
          <Select
            id="sector"
            value={String(form.sector)}
            onChange={(e) => set('sector', e.target.value)}
            placeholder="Choose…"
            options={choices(options.sectors)}
          />
        </FormField>
        <FormField label="Status" name="status" error={errors.status}>
          <Select
            id="status"
            value={String(form.status)}
            onChange={(e) => set('status', e.target.value)}
            options={choices(options.statuses)}
          />
        </FormField>
      </div>
      <Checkbox
        label="Private (only you can see it, even when published)"
        checked={!!form.is_private}
        onChange={(e) => set('is_private', e.target.checked)}
      />
    </div>
  );
}
