/** A timestamp as the API sends it (ISO 8601, UTC); a missing one stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
