import { normalizeEmail } from '../../users';

/** A person's identity keys in a book: the normalised email and the E.164 phone (either may be missing). */
export interface Identity {
  email: string | null;
  phone: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-cased and trimmed; null for blank; undefined for something that is not an email address. */
export function normaliseEmail(raw: string | null | undefined): string | null | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const email = normalizeEmail(raw);
  return email.length <= 320 && EMAIL.test(email) ? email : undefined;
}

/**
 * E.164 (`+` and 8 to 15 digits). Punctuation, spaces and a leading `00` are dropped; a bare 10-digit number, or
 * 11 digits starting with 1, is a North American number (+1). Null for blank; undefined when it is not a phone.
 */
export function normalisePhone(raw: string | null | undefined): string | null | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const trimmed = raw.trim();
  if (/[^\d\s()+.-]/.test(trimmed)) return undefined;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('00')) digits = digits.slice(2);
  if (!international) {
    if (digits.length === 10 && /^[2-9]/.test(digits)) digits = `1${digits}`;
    else if (!(digits.length === 11 && /^1[2-9]/.test(digits))) return undefined;
  }
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return undefined;
  return `+${digits}`;
}

/** Both keys normalised, or the name of the first field that is malformed. */
export function identityOf(input: {
  email?: string | null;
  phone?: string | null;
}): { ok: true; identity: Identity } | { ok: false; field: 'email' | 'phone' } {
  const email = normaliseEmail(input.email);
  if (email === undefined) return { ok: false, field: 'email' };
  const phone = normalisePhone(input.phone);
  if (phone === undefined) return { ok: false, field: 'phone' };
  return { ok: true, identity: { email, phone } };
}

interface Keyed {
  id: string;
  email: string | null;
  phone: string | null;
  userId: string | null;
}

/**
 * The identity keys a submission adds to the first of the contacts it matched: only the ones that contact lacks and
 * no other matched contact holds (a key stays with its contact; joining two people is a merge, the realtor's call).
 */
export function keysToFill(
  matches: Keyed[],
  keys: { email: string | null; phone: string | null; userId?: string | null },
): Partial<Pick<Keyed, 'email' | 'phone' | 'userId'>> {
  const [first] = matches;
  const fill: Partial<Pick<Keyed, 'email' | 'phone' | 'userId'>> = {};
  for (const field of ['email', 'phone', 'userId'] as const) {
    const value = keys[field] ?? null;
    if (!first[field] && value && !matches.some((m) => m.id !== first.id && m[field] === value)) fill[field] = value;
  }
  return fill;
}

/**
 * A phone a bought lead cannot be reached on: none, not E.164, a North American number whose area code or exchange
 * starts with 0 or 1, a 555-01xx number (reserved for fiction), or seven or more of one digit in a row.
 */
export function phoneIsInvalid(phone: string | null | undefined): boolean {
  const e164 = normalisePhone(phone);
  if (!e164) return true;
  if (/(\d)\1{6,}/.test(e164)) return true;
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  if (!nanp) return false;
  const [, area, exchange, line] = nanp;
  return /^[01]/.test(area) || /^[01]/.test(exchange) || (exchange === '555' && /^01/.test(line));
}

/** What a contacts search box's text becomes when it is an email or a phone being typed: LIKE prefixes, else null. */
export function contactSearchPrefix(
  raw: string | null | undefined,
): { column: 'email' | 'phone'; like: string[] } | null {
  const text = (raw ?? '').trim().toLowerCase();
  const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (text.includes('@') && !/\s/.test(text)) return { column: 'email', like: [`${escape(text)}%`] };
  const digits = text.replace(/\D/g, '');
  // Six digits or more: a shorter prefix matches too much of a large book to beat the name search.
  if (!/^[\d\s()+.-]+$/.test(text) || digits.length < 6) return null;
  return { column: 'phone', like: text.startsWith('+') ? [`+${digits}%`] : [`+${digits}%`, `+1${digits}%`] };
}
