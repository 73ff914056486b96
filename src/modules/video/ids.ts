import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const PLAYBACK_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

/** URL slug: readable prefix from the title (if any) plus 10 random characters. */
export function newSlug(title?: string | null): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const tail = randomString(10, ALPHABET);
  return base ? `${base}-${tail}` : tail;
}

/** Mux-style public playback id: 24 random base62 characters, unguessable. */
export function newPlaybackId(): string {
  return randomString(24, PLAYBACK_ALPHABET);
}

export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;
export const PLAYBACK_ID_PATTERN = /^[A-Za-z0-9]{24}$/;
