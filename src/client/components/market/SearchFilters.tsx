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
      <Select
        aria-label="Type"
        value={value.type}
        onChange={(e) => set('type', e.target.value)}
        options={choice(options.types, 'Any type')}
      />
      <Select
        aria-label="Sector"
        value={value.sector}
        onChange={(e) => set('sector', e.target.value)}
        options={choice(options.sectors, 'Any sector')}
      />
      <Select
        aria-label="Status"
        value={value.status}
        onChange={(e) => set('status', e.target.value)}
        options={choice(options.statuses, 'Any status')}
      />
      <Input
        aria-label="Minimum price"
        inputMode="numeric"
        placeholder="Min price"
        value={value.min_price}
        onChange={(e) => set('min_price', e.target.value)}
        invalid={!!fieldErrors.min_price}
      />
      <Input
        aria-label="Maximum price"
        inputMode="numeric"
        placeholder="Max price"
        value={value.max_price}
        onChange={(e) => set('max_price', e.target.value)}
        invalid={!!fieldErrors.max_price}
      />
      <Select
        aria-label="Bedrooms"
        value={value.beds}
        onChange={(e) => set('beds', e.target.value)}
        options={counts('beds')}
      />
      <Select
        aria-label="Bathrooms"
        value={value.baths}
        onChange={(e) => set('baths', e.target.value)}
        options={counts('baths')}
      />
      <Select
        aria-label="Sort"
        value={value.sort}
        onChange={(e) => set('sort', e.target.value)}
        options={[
          { value: '', label: 'Best order' },
          ...options.sorts.map((s) => ({ value: s, label: SORT_LABELS[s] ?? s })),
        ]}
      />
      <Checkbox label="Has video" checked={value.has_video} onChange={(e) => set('has_video', e.target.checked)} />
      <Checkbox
        label="Open house this weekend"
        checked={value.open_house}
        onChange={(e) => set('open_house', e.target.checked)}
      />
    </div>
  );
}
