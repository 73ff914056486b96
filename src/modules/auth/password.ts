import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

// scrypt is memory-hard (N=2^15, r=8 uses 32 MiB per hash) and ships with Node: no native addon to build.
let N = 2 ** 15; // until setPasswordHashCost (PASSWORD_HASH_COST, default 15) runs at boot
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * Sets the work factor (log2 of scrypt's N) for new hashes, from PASSWORD_HASH_COST at boot. Stored hashes carry
 * their own N, so a change never locks anyone out: the next login rehashes at the new cost.
 */
export function setPasswordHashCost(log2N: number): void {
  N = 2 ** log2N;
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((done, fail) =>
    scryptCallback(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (error, key) =>
      error ? fail(error) : done(key),
    ),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with weaker settings than today's and should be redone at login. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== N || Number(r) !== R || Number(p) !== P;
}
