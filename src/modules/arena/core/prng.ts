import { createHash } from 'node:crypto';

/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every machine, so every
 * random choice the arena makes (battle sides, bootstrap resamples) is reproducible from the stored seed.
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator seeded from any text (a stored seed string): the first 32 bits of its SHA-256. */
export function randomFrom(seed: string): Random {
  return mulberry32(createHash('sha256').update(seed).digest().readUInt32BE(0));
}

/** Whether the first entry of a pair is shown on the left; decided by the battle's stored seed. */
export function firstOnLeft(seed: string): boolean {
  return randomFrom(`sides:${seed}`)() < 0.5;
}
