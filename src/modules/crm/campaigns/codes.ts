import { randomBytes } from 'node:crypto';
import { CODE_LENGTH } from '../crm.constants';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from print is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh single-use code: 12 symbols of 5 random bits (60 bits), far beyond guessing under back-off. */
export function newCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

/** What a person typed, as stored: dashes and spaces dropped, upper case, look-alikes mapped (O→0, I/L→1). */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

/** For people: groups of four (`ABCD-EFGH-JKMN`). */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** A campaign form's public slug: 10 lower-case symbols (50 bits). */
export function newSlug(): string {
  return newCode().slice(0, 10).toLowerCase();
}
