/**
 * The sweepstakes draw, provably fair and framework-free: its one import is @noble/hashes (audited SHA-256 and
 * HMAC, no Node or browser APIs), so the very same code runs in the draw job, on the public Verify page, in scripts/verify-sweepstakes-draw.js and
 * in the benchmark. Anyone holding the published inputs gets the same ordered winners and alternates.
 *
 * Algorithm `reelty-draw-v1`:
 *  1. Entrant list: one line per PERSON, `<ref>,<entries>\n`, sorted by ref (ASCII order); `ref` is the entrant's
 *     public pseudonym, `entries` their whole number of entries (free and bonus alike: every entry weighs 1).
 *     entrants_hash = hex SHA-256 of that text (UTF-8). It is published when the sweepstakes closes.
 *  2. Commitment: the server draws a 32-byte secret seed at close and publishes hex SHA-256(seed bytes). The seed
 *     itself is revealed only after the draw, so nobody (the operator included) could steer the outcome after
 *     seeing the list, and anyone can check the revealed seed against the commitment.
 *  3. Generator: HMAC-DRBG with SHA-256 (NIST SP 800-90A, no reseeding, no additional input) instantiated with
 *     seed material = UTF-8 of `reelty-draw-v1|seed=<seed hex>|entrants=<entrants_hash>|beacon=<beacon or empty>`.
 *     The optional beacon is a public value the admin enters at draw time (e.g. a drand round or a lottery result).
 *  4. Uniform integer below `bound`: 6 generator bytes read big-endian as an integer below 2^48, rejected and
 *     redrawn when it is not below the largest multiple of `bound` (no modulo bias).
 *  5. Picks: repeatedly draw r below the remaining total of entries and take the person whose cumulative range (in
 *     list order) holds r; that person's weight then drops to zero. A person is therefore chosen at most once, with
 *     probability proportional to their entries among those still in. The first W picks are the winners (prize
 *     order), the next K the ordered alternates.
 */

import { hmac } from '@noble/hashes/hmac';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';

export const DRAW_ALGORITHM = 'reelty-draw-v1';

export interface DrawEntrant {
  ref: string;
  entries: number;
}

export interface DrawPick {
  /** 1-based position in the ordered pick list (winners first, then alternates). */
  rank: number;
  ref: string;
  entries: number;
}

export interface DrawInputs {
  /** Entrants in canonical order (as parsed from the canonical list). */
  entrants: DrawEntrant[];
  seedHex: string;
  entrantsHash: string;
  beacon: string | null;
  /** Winners plus alternates wanted; fewer when there are fewer people. */
  picks: number;
}

// ---- hashing: SHA-256 and HMAC from @noble/hashes (audited, pure JS, identical in Node and the browser) ----------

export function sha256(message: Uint8Array): Uint8Array {
  return nobleSha256(message);
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, message);
}

/** UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  return utf8ToBytes(text);
}

export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('Not a hex string.');
  return hexToBytes(hex);
}

// ---- published inputs -------------------------------------------------------------------------------------------

/** The canonical entrant list text (see step 1). Throws on a duplicate ref or an entry count that is not >= 1. */
export function canonicalEntrantList(entrants: DrawEntrant[]): string {
  const lines = new Array<string>(entrants.length);
  for (let i = 0; i < entrants.length; i++) {
    const { ref, entries } = entrants[i];
    if (!/^[0-9a-z]+$/.test(ref)) throw new Error(`Entrant ref "${ref}" must be lower-case letters and digits.`);
    if (!Number.isSafeInteger(entries) || entries < 1) throw new Error(`Entrant ${ref} has ${entries} entries.`);
    lines[i] = `${ref},${entries}\n`;
  }
  // The default sort compares UTF-16 code units; ',' sorts before every ref character, so sorting whole lines
  // orders them by ref exactly as comparing the refs would (and runs natively, without a JS comparator).
  lines.sort();
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1];
    if (lines[i].startsWith(previous.slice(0, previous.indexOf(',') + 1))) {
      throw new Error(`Entrant ${previous.slice(0, previous.indexOf(','))} is listed twice.`);
    }
  }
  return lines.join('');
}

/**
 * Parses a downloaded entrant list and refuses anything that is not already canonical (every line `ref,entries`,
 * refs strictly increasing, a newline after each line), so the published hash names exactly this list.
 */
export function parseEntrantList(text: string): DrawEntrant[] {
  const entrants: DrawEntrant[] = [];
  if (text !== '' && !text.endsWith('\n')) throw new Error('The entrant list is not in canonical form (last newline).');
  let previous = '';
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end);
    const comma = line.indexOf(',');
    const ref = line.slice(0, comma);
    const digits = line.slice(comma + 1);
    if (comma < 1 || !/^[0-9a-z]+$/.test(ref) || !/^[1-9][0-9]*$/.test(digits) || !(ref > previous)) {
      throw new Error(`The entrant list is not in canonical form at "${line}".`);
    }
    const entries = Number(digits);
    if (!Number.isSafeInteger(entries)) throw new Error(`Entrant ${ref} has too many entries.`);
    entrants.push({ ref, entries });
    previous = ref;
    start = end + 1;
  }
  return entrants;
}

export function entrantListHash(canonicalText: string): string {
  return toHex(sha256(utf8(canonicalText)));
}

export function seedCommitment(seedHex: string): string {
  return toHex(sha256(fromHex(seedHex)));
}

// ---- generator ----------------------------------------------------------------------------------------------------

/** HMAC-DRBG (SHA-256) without reseeding or additional input. */
export class HmacDrbg {
  private key: Uint8Array = new Uint8Array(32);
  private value: Uint8Array = new Uint8Array(32).fill(1);

  constructor(seedMaterial: Uint8Array) {
    this.update(seedMaterial);
  }

  private update(data?: Uint8Array): void {
    const extra = data ?? new Uint8Array(0);
    this.key = hmacSha256(this.key, concatBytes(this.value, Uint8Array.of(0), extra));
    this.value = hmacSha256(this.key, this.value);
    if (!data || data.length === 0) return;
    this.key = hmacSha256(this.key, concatBytes(this.value, Uint8Array.of(1), extra));
    this.value = hmacSha256(this.key, this.value);
  }

  generate(length: number): Uint8Array {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      this.value = hmacSha256(this.key, this.value);
      out.set(this.value.subarray(0, Math.min(32, length - filled)), filled);
      filled += 32;
    }
    this.update();
    return out;
  }

  /** A uniform integer in [0, bound), bound at most 2^48 (step 4). */
  below(bound: number): number {
    if (!Number.isSafeInteger(bound) || bound < 1 || bound > 2 ** 48) throw new Error(`Bad bound ${bound}.`);
    const limit = Math.floor(2 ** 48 / bound) * bound;
    for (;;) {
      const b = this.generate(6);
      const x = ((b[0] * 256 + b[1]) * 256 + b[2]) * 2 ** 24 + ((b[3] << 16) | (b[4] << 8) | b[5]);
      if (x < limit) return x % bound;
    }
  }
}

export function drawSeedMaterial(seedHex: string, entrantsHash: string, beacon: string | null): Uint8Array {
  return utf8(`${DRAW_ALGORITHM}|seed=${seedHex.toLowerCase()}|entrants=${entrantsHash}|beacon=${beacon ?? ''}`);
}

// ---- selection ----------------------------------------------------------------------------------------------------

/** Ordered picks: people (not entries), weighted by entries, each at most once (step 5). */
export function drawPicks(inputs: DrawInputs): DrawPick[] {
  const { entrants } = inputs;
  const n = entrants.length;
  // A Fenwick tree over the weights in list order: prefix sums and removals in O(log n) each.
  const tree = new Float64Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    tree[i + 1] += entrants[i].entries;
    total += entrants[i].entries;
    const parent = i + 1 + ((i + 1) & -(i + 1));
    if (parent <= n) tree[parent] += tree[i + 1];
  }
  let topBit = 1;
  while (topBit * 2 <= n) topBit *= 2;
  const drbg = new HmacDrbg(drawSeedMaterial(inputs.seedHex, inputs.entrantsHash, inputs.beacon));
  const picks: DrawPick[] = [];
  const wanted = Math.min(inputs.picks, n);
  while (picks.length < wanted) {
    let r = drbg.below(total);
    // Descend the tree to the first position whose prefix sum exceeds r.
    let pos = 0;
    for (let step = topBit; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= n && tree[next] <= r) {
        pos = next;
        r -= tree[next];
      }
    }
    const chosen = entrants[pos];
    picks.push({ rank: picks.length + 1, ref: chosen.ref, entries: chosen.entries });
    for (let i = pos + 1; i <= n; i += i & -i) tree[i] -= chosen.entries;
    total -= chosen.entries;
  }
  return picks;
}

export interface VerifyReport {
  entrantsHash: string;
  hashMatches: boolean;
  commitmentMatches: boolean;
  picks: DrawPick[];
}

/** Recomputes a published draw from the downloaded entrant list and the published values. */
export function verifyDraw(published: {
  entrantListText: string;
  entrantsHash: string;
  seedHex: string;
  commitment: string;
  beacon: string | null;
  picks: number;
}): VerifyReport {
  const entrants = parseEntrantList(published.entrantListText);
  const entrantsHash = entrantListHash(published.entrantListText);
  return {
    entrantsHash,
    hashMatches: entrantsHash === published.entrantsHash,
    commitmentMatches: seedCommitment(published.seedHex) === published.commitment,
    picks: drawPicks({
      entrants,
      seedHex: published.seedHex,
      entrantsHash,
      beacon: published.beacon,
      picks: published.picks,
    }),
  };
}
