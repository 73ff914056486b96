import type { EditorStep } from '@/api/properties';
import type { Property } from '@contracts/properties';

export type { EditorStep } from '@/api/properties';

export const STEP_LABELS: Record<EditorStep, string> = {
  address: 'Address',
  details: 'Details',
  price: 'Price',
  components: 'Components',
  media: 'Photos',
  publish: 'Publish',
};

/** The editor's own fields, as the inputs hold them (strings; '' for empty). */
export type EditorForm = Record<string, string | boolean | string[]>;

/** The steps whose fields are the property's own (saved with the property); the others save themselves. */
const STEP_FIELDS: Partial<Record<EditorStep, string[]>> = {
  address: [
    'address',
    'address_line_2',
    'city',
    'state',
    'zip',
    'country',
    'country_code',
    'latitude',
    'longitude',
    'time_zone',
  ],
  details: ['name', 'description', 'type', 'sector', 'status', 'is_private'],
  price: ['price', 'currency', 'accepted_currencies', 'accepted_cryptocurrencies'],
};

export const isFormStep = (step: EditorStep): boolean => STEP_FIELDS[step] !== undefined;

/** Steps that work on a saved property (its components, photos, publish state): closed until the first save. */
export const needsSavedProperty = (step: EditorStep): boolean => !isFormStep(step);

export function formFrom(p: Property): EditorForm {
  const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    name: p.name,
    description: s(p.description),
    address: s(p.address),
    address_line_2: s(p.address_line_2),
    city: s(p.city),
    state: s(p.state),
    zip: s(p.zip),
    country: s(p.country),
    country_code: s(p.country_code),
    latitude: s(p.latitude),
    longitude: s(p.longitude),
    time_zone: s(p.time_zone),
    type: s(p.type),
    sector: s(p.sector),
    status: p.status,
    is_private: p.is_private,
    price: s(p.price),
    currency: p.currency,
    accepted_currencies: p.accepted_currencies,
    accepted_cryptocurrencies: p.accepted_cryptocurrencies,
  };
}

/** The form of a property not created yet: the defaults a new draft gets on the server. */
export function blankForm(): EditorForm {
  return {
    ...Object.fromEntries(Object.values(STEP_FIELDS).flatMap((fields) => fields.map((field) => [field, '']))),
    name: 'New property',
    status: 'for_sale',
    is_private: false,
    currency: 'USD',
    accepted_currencies: [],
    accepted_cryptocurrencies: [],
  };
}

/** What a step sends: its own fields only (fields left out are not changed); '' clears. */
export function payloadFor(step: EditorStep, form: EditorForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of STEP_FIELDS[step] ?? []) {
    const value = form[key];
    if (key === 'latitude' || key === 'longitude') out[key] = value === '' ? null : Number(value);
    else if (['type', 'sector', 'price', 'country_code', 'time_zone'].includes(key))
      out[key] = value === '' ? null : value;
    else out[key] = value;
  }
  return out;
}
