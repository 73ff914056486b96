/** Between ISO instants and the value a `datetime-local` input holds, which is in the browser's own zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant -> the value a datetime-local input shows ("2026-12-05T10:30", the browser's local time). */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant, or null when empty or not a time. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
