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

/** Slug made from the name plus a short random suffix (see renamedSlug for when it follows the name). */
export function makeSlug(name: string): string {
  return `${slugify(name)}-${randomSuffix()}`;
}

/**
 * The slug of a draft renamed before it was ever published: the new name with the slug's own suffix (so it stays
 * unique). Once a property has been published its slug never changes, because links to it are out there.
 */
export function renamedSlug(slug: string, name: string): string {
  const suffix = /-([a-z0-9]{6})$/.exec(slug)?.[1] ?? randomSuffix();
  return `${slugify(name)}-${suffix}`;
}
