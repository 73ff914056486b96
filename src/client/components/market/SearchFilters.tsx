import { humanize } from '@/components/property/rules';
import { Checkbox, Input, Select } from '@/components/ui';

/** What a buyer filters on: the home only (price, size, kind, status, video, open house), never the people. */
export interface FilterValues {
  type: string;
  sector: string;
  status: string;
  min_price: string;
  max_price: string;
  beds: string;
  baths: string;
  has_video: boolean;
  open_house: boolean;
  sort: string;
}

export const EMPTY_FILTERS: FilterValues = {
  type: '',
  sector: '',
  status: '',
  min_price: '',
  max_price: '',
  beds: '',
  baths: '',
  has_video: false,
  open_house: false,
  sort: '',
};

const SORT_LABELS: Record<string, string> = {
  distance: 'Nearest',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

interface Props {
  value: FilterValues;
  onChange: (next: FilterValues) => void;
  options: { types: string[]; sectors: string[]; statuses: string[]; sorts: string[] };
  fieldErrors: Record<string, string>;
}

/** The filter row of the market search. */
export function SearchFilters({ value, onChange, options, fieldErrors }: Props) {
  const set = <K extends keyof FilterValues>(key: K, v: FilterValues[K]) => onChange({ ...value, [key]: v });
  type TextKey = Exclude<keyof FilterValues, 'has_video' | 'open_house'>;
  const menu = (key: TextKey, label: string, choices: Array<{ value: string; label: string }>) => (
    <Select aria-label={label} value={value[key]} onChange={(e) => set(key, e.target.value)} options={choices} />
  );
  const price = (key: 'min_price' | 'max_price', label: string, placeholder: string) => (
    <Input
      aria-label={label}
      inputMode="numeric"
      placeholder={placeholder}
      value={value[key]}
      onChange={(e) => set(key, e.target.value)}
      invalid={!!fieldErrors[key]}
    />
  );
  const choice = (list: string[], all: string) => [
    { value: '', label: all },
    ...list.map((v) => ({ value: v, label: humanize(v) })),
  ];
  const counts = (label: string) => [
    { value: '', label: `Any ${label}` },
    ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n}+ ${label}` })),
  ];
  return (
    <div className="grid grid-cols-2 gap-2 md:col-span-3 md:grid-cols-5">
      {menu('type', 'Type', choice(options.types, 'Any type'))}
      {menu('sector', 'Sector', choice(options.sectors, 'Any sector'))}
      {menu('status', 'Status', choice(options.statuses, 'Any status'))}
      {price('min_price', 'Minimum price', 'Min price')}
      {price('max_price', 'Maximum price', 'Max price')}
      {menu('beds', 'Bedrooms', counts('beds'))}
      {menu('baths', 'Bathrooms', counts('baths'))}
      {menu('sort', 'Sort', [
        { value: '', label: 'Best order' },
        ...options.sorts.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s })),
      ])}
      <Checkbox label="Has video" checked={value.has_video} onChange={(e) => set('has_video', e.target.checked)} />
      <Checkbox
        label="Open house this weekend"
        checked={value.open_house}
        onChange={(e) => set('open_house', e.target.checked)}
      />
    </div>
  );
}
