import { isNumber } from 'class-validator';

interface NumberRule {
  label: string;
  min: number;
  max: number;
  /** Whole numbers only (bedrooms, years); otherwise at most two decimals (2.5 bathrooms). */
  whole: boolean;
}

/** The `details` component's numbers: each absent, null, or a number in its range. */
const DETAIL_NUMBERS: Record<string, NumberRule> = {
  bedrooms: { label: 'Bedrooms', min: 0, max: 100, whole: true },
  bathrooms: { label: 'Bathrooms', min: 0, max: 100, whole: false },
  area_sqft: { label: 'The area', min: 0, max: 10_000_000, whole: false },
  year_built: { label: 'The year built', min: 1600, max: 2100, whole: true },
};

function numberError(value: unknown, rule: NumberRule): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${rule.label} must be a number.`;
  if (value < rule.min || value > rule.max) return `${rule.label} must be between ${rule.min} and ${rule.max}.`;
  if (rule.whole && !Number.isInteger(value)) return `${rule.label} must be a whole number.`;
  if (!rule.whole && !isNumber(value, { maxDecimalPlaces: 2 })) return `${rule.label} takes at most two decimals.`;
  return null;
}

/**
 * Field errors for a component's content, keyed by the editor's field names, empty when it may be saved.
 * Only `details` has typed fields; the other components are free text and lists, capped by size alone.
 */
export function componentContentErrors(type: string, content: Record<string, unknown>): Record<string, string[]> {
  if (type !== 'details') return {};
  const errors: Record<string, string[]> = {};
  for (const [field, rule] of Object.entries(DETAIL_NUMBERS)) {
    const message = numberError(content[field], rule);
    if (message) errors[field] = [message];
  }
  return errors;
}
