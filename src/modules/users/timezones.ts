/** IANA time zones known to this Node (same list the settings page offers), plus UTC. */
let cache: Set<string> | null = null;

export function timeZones(): string[] {
  return [...zoneSet()];
}

export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && zoneSet().has(value);
}

function zoneSet(): Set<string> {
  if (!cache) cache = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return cache;
}
