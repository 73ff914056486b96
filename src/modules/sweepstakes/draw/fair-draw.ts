/**
 * The sweepstakes draw, provably fair and framework-free: no imports, no Node or browser APIs,
 * so the very same code runs in the draw job, on the public Verify page, in scripts/verify-sweepstakes-draw.js and
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

// ---- SHA-256 (FIPS 180-4) ------------------------------------------------------------------------------------------

const ROUND = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

export function sha256(message: Uint8Array): Uint8Array {
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const fullBlocks = Math.floor(message.length / 64);
  for (let b = 0; b < fullBlocks; b++) compress(h, w, message, b * 64);
  // Padding: the remaining bytes, 0x80, zeros, then the bit length as a 64-bit big-endian integer.
  const rest = message.length - fullBlocks * 64;
  const tail = new Uint8Array(rest < 56 ? 64 : 128);
  tail.set(message.subarray(fullBlocks * 64));
  tail[rest] = 0x80;
  const bits = message.length * 8;
  const view = new DataView(tail.buffer);
  view.setUint32(tail.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(tail.length - 4, bits >>> 0);
  for (let offset = 0; offset < tail.length; offset += 64) compress(h, w, tail, offset);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

function compress(h: Uint32Array, w: Uint32Array, data: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3];
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let f = h[5];
  let g = h[6];
  let k = h[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (k + S1 + ch + ROUND[i] + w[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
  h[5] += f;
  h[6] += g;
  h[7] += k;
}

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i] ^ 0x36;
    outer[i] = block[i] ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

/** UTF-8 bytes of a string (written out so the file needs no TextEncoder: some runtimes lack one). */
export function utf8(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      out[at++] = code;
      continue;
    }
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (code >= 0xd800 && code < 0xe000) code = 0xfffd; // a lone surrogate, as TextEncoder does
    if (code < 0x800) {
      out[at++] = 0xc0 | (code >> 6);
    } else if (code < 0x10000) {
      out[at++] = 0xe0 | (code >> 12);
      out[at++] = 0x80 | ((code >> 6) & 63);
    } else {
      out[at++] = 0xf0 | (code >> 18);
      out[at++] = 0x80 | ((code >> 12) & 63);
      out[at++] = 0x80 | ((code >> 6) & 63);
    }
    out[at++] = 0x80 | (code & 63);
  }
  return out.subarray(0, at);
}

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('Not a hex string.');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
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
    this.key = hmacSha256(this.key, concat(this.value, Uint8Array.of(0), extra));
    this.value = hmacSha256(this.key, this.value);
    if (!data || data.length === 0) return;
    this.key = hmacSha256(this.key, concat(this.value, Uint8Array.of(1), extra));
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
