import { Link } from '@inertiajs/react';
import { FormField, Input, Select, TextAreaField } from '@/components/ui';
import { commercePaths } from '@/api/commerce';
import { formatMoney } from '@/components/commerce/format';
import type { DesignerCatalog, DesignOptions, StylePackOffer } from '@contracts/designs';

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
  /** One of the catalogue's choices as a select, bound to its option and its error. */
  const choice = (key: keyof DesignOptions, label: string, list: string[], placeholder: string) => (
    <FormField label={label} name={key} error={errors[`options.${key}`]}>
      <Select
        value={value[key] ?? ''}
        onChange={(e) => set(key)(e.target.value)}
        options={list.map((v) => ({ value: v, label: v }))}
        placeholder={placeholder}
      />
    </FormField>
  );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {choice('roomType', 'Room type', catalog.roomTypes, 'Choose a room')}
      <div>
        {choice('theme', 'Theme', catalog.themes, 'Choose a theme')}
        {catalog.locked_packs?.map((pack) => (
          <LockedPack key={pack.pack} pack={pack} />
        ))}
      </div>
      {choice('colors', 'Colours', Object.keys(catalog.palettes), 'The theme’s own')}
      {choice('designer', 'Designer', catalog.designers, 'Any')}
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

/** A style pack the user does not hold: its styles, locked, and where to buy them. */
function LockedPack({ pack }: { pack: StylePackOffer }) {
  return (
    <p className="mt-1 text-xs text-ink-muted" data-testid="locked-pack">
      Locked: {pack.styles.length} more in the {pack.title} ({pack.styles.join(', ')}):{' '}
      <Link href={commercePaths.product(pack.product_slug)} className="text-accent-ink underline">
        unlock for {formatMoney(pack.price)}
      </Link>
    </p>
  );
}
