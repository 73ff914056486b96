import { propertiesApi } from '@/api/properties';
import type { Property } from '@contracts/properties';
import { Button, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

/**
 * An empty box clears the number; anything that is not a number goes as typed, so the server answers 422 under
 * that field (Number('3 beds') is NaN, which JSON sends as null and would silently erase the stored value).
 */
const numberOrTyped = (v: string): number | string | null => {
  const typed = v.trim();
  if (typed === '') return null;
  const number = Number(typed);
  return Number.isFinite(number) ? number : typed;
};

/** The property's details, features, neighborhood and schools components, saved together. */
export function ComponentsStep({ property, onSaved }: { property: Property; onSaved: () => void }) {
  const content = (type: string) => property.components[type]?.content ?? {};
  const details = content('details');
  const form = useApiForm(
    {
      bedrooms: String(details.bedrooms ?? ''),
      bathrooms: String(details.bathrooms ?? ''),
      area_sqft: String(details.area_sqft ?? ''),
      year_built: String(details.year_built ?? ''),
      features: ((content('features').items as string[] | undefined) ?? []).join(', '),
      neighborhood: String(content('neighborhood').text ?? ''),
      schools: String(content('schools').text ?? ''),
    },
    { successMessage: 'Components saved', errorFallback: 'Could not save the components', onSuccess: onSaved },
  );

  const saveAll = async (values: typeof form.data) => {
    const id = (type: string) => property.components[type].id;
    await propertiesApi.saveComponent(id('details'), {
      bedrooms: numberOrTyped(values.bedrooms),
      bathrooms: numberOrTyped(values.bathrooms),
      area_sqft: numberOrTyped(values.area_sqft),
      year_built: numberOrTyped(values.year_built),
    });
    const items = values.features
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    await propertiesApi.saveComponent(id('features'), { items });
    await propertiesApi.saveComponent(id('neighborhood'), { text: values.neighborhood.trim() });
    await propertiesApi.saveComponent(id('schools'), { text: values.schools.trim() });
  };

  const text = (field: keyof typeof form.data, label: string, inputMode?: 'numeric' | 'decimal') => (
    <TextField
      label={label}
      name={field}
      inputMode={inputMode}
      value={form.data[field]}
      onChange={(e) => form.set(field, e.target.value)}
      error={form.errors[field]}
    />
  );

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {text('bedrooms', 'Bedrooms', 'numeric')}
        {text('bathrooms', 'Bathrooms', 'decimal')}
        {text('area_sqft', 'Area (sq ft)', 'numeric')}
        {text('year_built', 'Year built', 'numeric')}
      </div>
      {text('features', 'Features (comma separated)')}
      {text('neighborhood', 'Neighborhood')}
      {text('schools', 'Schools')}
      <div>
        <Button variant="secondary" onClick={() => void form.submit(saveAll)} loading={form.processing}>
          Save components
        </Button>
      </div>
    </div>
  );
}
