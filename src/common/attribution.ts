/**
 * The first-party HttpOnly cookie a tracked affiliate link sets (the click's token). Registration and checkout
 * hand its value on untouched; only the affiliates module reads meaning into it. Being HttpOnly and set by the
 * server, it survives the 7-day purge browsers apply to storage written by scripts.
 */
export const ATTRIBUTION_COOKIE = 'reelty_aff';

/** What a request carries for attribution: the click cookie and the `ref` code the browser stored. */
export function attributionFrom(
  cookies: Record<string, string | undefined> | undefined,
  code?: string | null,
): { click: string | null; code: string | null } | null {
  const click = cookies?.[ATTRIBUTION_COOKIE]?.slice(0, 64) || null;
  const ref = code?.slice(0, 40) || null;
  return click || ref ? { click, code: ref } : null;
}
