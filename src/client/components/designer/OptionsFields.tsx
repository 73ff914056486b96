import { FormField, Input, Select, TextAreaField } from '@/components/ui';
import type { DesignerCatalog, DesignOptions } from '@contracts/designs';

/** The designer's options: roomType, designer, location, theme, colors, customPrompt. */
export function OptionsFields({
  value,
  onChange,
  catalog,
  errors = {},
}: {
  value: DesignOptions;
  onChange: (next: DesignOptions) => void;
  catalog: DesignerCatalog;
  errors?: Record<string, string | undefined>;
}) {
  const set = (key: keyof DesignOptions) => (v: string) => onChange({ ...value, [key]: v });
  const options = (list: string[]) => list.map((v) => ({ value: v, label: v }));
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField label="Room type" name="roomType" error={errors['options.roomType']}>
        <Select
          value={value.roomType ?? ''}
          onChange={(e) => set('roomType')(e.target.value)}
          options={options(catalog.roomTypes)}
          placeholder="Choose a room"
        />
      </FormField>
      <FormField label="Theme" name="theme" error={errors['options.theme']}>
        <Select
          value={value.theme ?? ''}
          onChange={(e) => set('theme')(e.target.value)}
          options={options(catalog.themes)}
          placeholder="Choose a theme"
        />
      </FormField>
      <FormField label="Colours" name="colors" error={errors['options.colors']}>
        <Select
          value={value.colors ?? ''}
          onChange={(e) => set('colors')(e.target.value)}
          options={options(Object.keys(catalog.palettes))}
          placeholder="The theme’s own"
        />
      </FormField>
      <FormField label="Designer" name="designer" error={errors['options.designer']}>
        <Select
          value={value.designer ?? ''}
          onChange={(e) => set('designer')(e.target.value)}
          options={options(catalog.designers)}
          placeholder="Any"
        />
      </FormField>
      <FormField
        label="Location"
        name="location"
        hint="Optional: where the home is, e.g. Lisbon."
        error={errors['options.location']}
        className="sm:col-span-2"
      >
        <Input value={value.location ?? ''} onChange={(e) => set('location')(e.target.value)} maxLength={120} />
      </FormField>
      <TextAreaField
        label="Custom prompt"
        name="customPrompt"
        error={errors['options.customPrompt']}
        className="sm:col-span-2"
        rows={2}
        maxLength={1000}
        value={value.customPrompt ?? ''}
        onChange={(e) => set('customPrompt')(e.target.value)}
        placeholder="e.g. a reading corner by the window"
      />
      {value.colors && catalog.palettes[value.colors] && (
        <div className="flex items-center gap-1.5 sm:col-span-2" aria-label={`${value.colors} palette`}>
          {catalog.palettes[value.colors].map((hex) => (
            <span
              key={hex}
              className="h-6 w-6 rounded-full border border-slate-200 dark:border-slate-700"
              style={{ background: hex }}
              title={hex}
            />
          ))}
        </div>
      )}
    </div>
  );
}
