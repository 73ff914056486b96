import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** "Sunny Loft, Austin!" → "sunny-loft-austin" (ASCII, at most 80 characters). */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || 'property';
}

export function randomSuffix(length = 6): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** Slug made once from the name plus a short random suffix; it never changes on rename. */
export function makeSlug(name: string): string {
  return `${slugify(name)}-${randomSuffix()}`;
}
