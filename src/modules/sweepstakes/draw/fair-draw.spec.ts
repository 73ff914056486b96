import { createHash, createHmac } from 'node:crypto';
import {
  canonicalEntrantList,
  drawPicks,
  entrantListHash,
  fromHex,
  hmacSha256,
  parseEntrantList,
  seedCommitment,
  sha256,
  toHex,
  utf8,
  verifyDraw,
  type DrawEntrant,
} from './fair-draw';

const seedOf = (i: number) => createHash('sha256').update(`seed-${i}`).digest('hex');

function draw(entrants: DrawEntrant[], seedHex: string, picks: number, beacon: string | null = null) {
  const text = canonicalEntrantList(entrants);
  return drawPicks({ entrants: parseEntrantList(text), seedHex, entrantsHash: entrantListHash(text), beacon, picks });
}

const crowd: DrawEntrant[] = Array.from({ length: 40 }, (_, i) => ({
  ref: `p${String(i).padStart(3, '0')}`,
  entries: 1 + (i % 7),
}));

describe('fair draw (pure)', () => {
  it('implements SHA-256 and HMAC-SHA256 exactly (checked against node:crypto on edge lengths)', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 255);
      expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      const key = bytes.subarray(0, Math.min(length, 100));
      expect(toHex(hmacSha256(key, utf8('message')))).toBe(createHmac('sha256', key).update('message').digest('hex'));
    }
    for (const sample of ['plain', 'café', '抽選', 'emoji 🎉', 'lone \ud800 surrogate']) {
      expect(Buffer.from(utf8(sample)).equals(Buffer.from(new TextEncoder().encode(sample)))).toBe(true);
    }
    expect(seedCommitment('ab'.repeat(32))).toBe(
      createHash('sha256')
        .update(fromHex('ab'.repeat(32)))
        .digest('hex'),
    );
  });

  it('gives the same winners and alternates for the same inputs, whatever order the list came in', () => {
    const a = draw(crowd, seedOf(1), 8);
    const b = draw([...crowd].reverse(), seedOf(1), 8);
    expect(b).toEqual(a);
    expect(a.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('changes the hash and the outcome when one entry changes; the beacon and the seed change it too', () => {
    const changed = crowd.map((e, i) => (i === 17 ? { ...e, entries: e.entries + 1 } : e));
    expect(entrantListHash(canonicalEntrantList(changed))).not.toBe(entrantListHash(canonicalEntrantList(crowd)));
    expect(draw(changed, seedOf(1), 8)).not.toEqual(draw(crowd, seedOf(1), 8));
    expect(draw(crowd, seedOf(1), 8, 'beacon')).not.toEqual(draw(crowd, seedOf(1), 8));
    expect(draw(crowd, seedOf(2), 8)).not.toEqual(draw(crowd, seedOf(1), 8));
  });

  it('picks a person at most once, however many entries they hold', () => {
    const whale: DrawEntrant[] = [{ ref: 'whale', entries: 1_000_000 }, ...crowd.slice(0, 5)];
    for (let i = 0; i < 50; i++) {
      const picks = draw(whale, seedOf(i), 6);
      expect(new Set(picks.map((p) => p.ref)).size).toBe(6);
    }
  });

  it('selects people in proportion to their entries (chi-square over 6,000 seeded draws)', () => {
    const weights = [1, 1, 2, 3, 5, 8];
    const entrants = weights.map((entries, i) => ({ ref: `r${i}`, entries }));
    const total = weights.reduce((n, w) => n + w, 0);
    const runs = 6000;
    const counts = new Map<string, number>();
    for (let i = 0; i < runs; i++) {
      const [first] = draw(entrants, seedOf(i), 1);
      counts.set(first.ref, (counts.get(first.ref) ?? 0) + 1);
    }
    const chi = entrants.reduce((sum, e) => {
      const expected = (runs * e.entries) / total;
      return sum + ((counts.get(e.ref) ?? 0) - expected) ** 2 / expected;
    }, 0);
    // 5 degrees of freedom: 20.52 is the 99.9th percentile; a biased picker lands far beyond it.
    expect(chi).toBeLessThan(20.52);
    // Two people with one entry each (a free entry, a purchase entry) win equally often.
    const ratio = (counts.get('r0') ?? 0) / (counts.get('r1') ?? 1);
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.33);
  });

  it('refuses a list that is not canonical, and reports a seed or hash that does not match', () => {
    expect(() => parseEntrantList('b,1\na,1\n')).toThrow('canonical');
    expect(() => canonicalEntrantList([{ ref: 'a', entries: 0 }])).toThrow();
    expect(() =>
      canonicalEntrantList([
        { ref: 'ab', entries: 1 },
        { ref: 'a', entries: 2 },
        { ref: 'ab', entries: 3 },
      ]),
    ).toThrow('listed twice');
    expect(
      canonicalEntrantList([
        { ref: 'ab', entries: 1 },
        { ref: 'a', entries: 2 },
      ]),
    ).toBe('a,2\nab,1\n');
    expect(() => parseEntrantList('a,2\nab,1')).toThrow('canonical');
    expect(() => parseEntrantList('a,02\n')).toThrow('canonical');
    const text = canonicalEntrantList(crowd);
    const report = verifyDraw({
      entrantListText: text,
      entrantsHash: entrantListHash(text),
      seedHex: seedOf(3),
      commitment: seedCommitment(seedOf(4)),
      beacon: null,
      picks: 3,
    });
    expect(report).toMatchObject({ hashMatches: true, commitmentMatches: false });
  });
});
