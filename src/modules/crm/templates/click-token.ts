import { createHmac, timingSafeEqual } from 'node:crypto';

/** At most this many distinct links of one mail are tracked (later ones are left as they are). */
export const MAX_TRACKED_LINKS = 20;

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
const UUID_HEX = /^[0-9a-f]{32}$/;

const mac = (secret: string, payload: Buffer) => createHmac('sha256', secret).update(payload).digest().subarray(0, 16);

/**
 * A click token: the send-recipient row id and the link's index, signed (HMAC-SHA256 with a secret derived from
 * the app key, truncated to 128 bits). `<base64url(16-byte id + 1-byte index)>.<base64url(mac)>`.
 */
export function signClick(secret: string, sendId: string, index: number): string {
  const payload = Buffer.concat([Buffer.from(sendId.replace(/-/g, ''), 'hex'), Buffer.from([index])]);
  return `${payload.toString('base64url')}.${mac(secret, payload).toString('base64url')}`;
}

/** The id and index a token carries when one of the secrets signed it; null for anything else. */
export function verifyClick(token: string, secrets: string[]): { sendId: string; index: number } | null {
  const match = /^([A-Za-z0-9_-]{23})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1], 'base64url');
  const given = Buffer.from(match[2], 'base64url');
  // Only the canonical spelling counts: the decoder ignores a last character's spare bits, so without this
  // check several strings would name one token.
  if (payload.toString('base64url') !== match[1] || given.toString('base64url') !== match[2]) return null;
  if (payload.length !== 17 || given.length !== 16) return null;
  if (!secrets.some((s) => timingSafeEqual(given, mac(s, payload)))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  if (!UUID_HEX.test(hex)) return null;
  const sendId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { sendId, index: payload[16] };
}

/** Only absolute http(s) URLs are ever redirected to. */
export function isWebUrl(target: string): boolean {
  try {
    const u = new URL(target);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const trimUrl = (raw: string) => raw.replace(/[.,;:!?)\]]+$/, '');
const unescapeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/**
 * Rewrites the http(s) links of a rendered mail to tracked redirects: in the HTML part each URL (escaped text)
 * becomes an anchor to `tracked(index)`, in the text part the URL is replaced. Returns the targets by index.
 */
export function trackLinks(
  mail: { html: string; text: string },
  tracked: (index: number) => string,
): { html: string; text: string; links: string[] } {
  const links: string[] = [];
  const indexOf = (target: string): number | null => {
    if (!isWebUrl(target)) return null;
    const known = links.indexOf(target);
    if (known >= 0) return known;
    if (links.length >= MAX_TRACKED_LINKS) return null;
    links.push(target);
    return links.length - 1;
  };
  const html = mail.html.replace(URL_IN_TEXT, (raw) => {
    const shown = trimUrl(raw);
    const i = indexOf(unescapeHtml(shown));
    const rest = raw.slice(shown.length);
    return i === null ? raw : `<a href="${tracked(i)}">${shown}</a>${rest}`;
  });
  const text = mail.text.replace(URL_IN_TEXT, (raw) => {
    const shown = trimUrl(raw);
    const i = indexOf(shown);
    return i === null ? raw : `${tracked(i)}${raw.slice(shown.length)}`;
  });
  return { html, text, links };
}
