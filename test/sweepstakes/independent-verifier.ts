import { createHash, createHmac } from 'node:crypto';

/**
 * A second implementation of reelty-draw-v1 written only from the text of README "Verifying a draw" (and the
 * Verify page, which states the same steps), with Node's own SHA-256 and HMAC: when it agrees with the published
 * picks, the text is exact enough for anyone to write their own verifier.
 */
export function independentPicks(input: {
  listText: string;
  seedHex: string;
  beacon: string | null;
  picks: number;
}): string[] {
  const hmac = (key: Buffer, ...parts: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(parts)).digest();
  const people = input.listText
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ ref: line.split(',')[0], weight: Number(line.split(',')[1]) }));
  const listHash = createHash('sha256').update(input.listText, 'utf8').digest('hex');
  const material = Buffer.from(
    `reelty-draw-v1|seed=${input.seedHex.toLowerCase()}|entrants=${listHash}|beacon=${input.beacon ?? ''}`,
    'utf8',
  );
  // Instantiate: K = 32 zero bytes, V = 32 bytes 0x01, then Update(seed material).
  let K = Buffer.alloc(32, 0);
  let V = Buffer.alloc(32, 1);
  K = hmac(K, V, Buffer.from([0]), material);
  V = hmac(K, V);
  K = hmac(K, V, Buffer.from([1]), material);
  V = hmac(K, V);
  // One Generate call per 6-byte number: V = HMAC(K, V), output V's first 6 bytes, then Update() with no input.
  const sixBytes = (): number => {
    V = hmac(K, V);
    const out = V.subarray(0, 6).readUIntBE(0, 6);
    K = hmac(K, V, Buffer.from([0]));
    V = hmac(K, V);
    return out;
  };
  const below = (bound: number): number => {
    const limit = Math.floor(2 ** 48 / bound) * bound;
    for (;;) {
      const x = sixBytes();
      if (x < limit) return x % bound;
    }
  };
  const chosen: string[] = [];
  let total = people.reduce((n, p) => n + p.weight, 0);
  while (chosen.length < Math.min(input.picks, people.length)) {
    let r = below(total);
    const person = people.find((p) => p.weight > 0 && (r < p.weight || ((r -= p.weight), false)))!;
    chosen.push(person.ref);
    total -= person.weight;
    person.weight = 0;
  }
  return chosen;
}
