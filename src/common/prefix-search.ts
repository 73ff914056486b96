/**
 * A search box's words as a PostgreSQL prefix tsquery ('lux villa' -> 'lux:* & villa:*'), for a `search`
 * tsvector column built with the 'simple' configuration; null when there is nothing to search for.
 * Only letters and digits survive, so the text cannot break the tsquery syntax.
 */
export function prefixTsQuery(text: string | undefined, maxWords = 8): string | null {
  const words = (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, maxWords)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}
