/**
 * The filters a page echoes back into its search form: each named query value as given, '' when absent,
 * so every field of the form is controlled from the first render.
 */
export function formFilters<K extends string>(
  query: Partial<Record<K, string>>,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, query[key] ?? ''])) as Record<K, string>;
}
