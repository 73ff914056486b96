/**
 * The draw algorithm reelty-draw-v1 stated exactly, so anyone can write a verifier from this text alone (README
 * "Verifying a draw" says the same; test/sweepstakes/independent-verifier.ts is one written from it). The code
 * that runs is src/modules/sweepstakes/draw/fair-draw.ts.
 */
const STEPS: Array<[string, string]> = [
  [
    'Entrant list',
    'One line per eligible person, "<ref>,<entries>\\n" (a newline after every line, the last included), sorted by ref in byte order. Entries are whole numbers ≥ 1; every entry weighs the same, whatever its source. The list hash is the lower-case hex SHA-256 of the file’s UTF-8 bytes, published at the close.',
  ],
  [
    'Seed commitment',
    'At the close the server draws a 32-byte secret seed and publishes hex SHA-256 of the seed bytes (not of its hex text). The seed is revealed after the draw.',
  ],
  [
    'Generator',
    'HMAC-DRBG with SHA-256 (NIST SP 800-90A, no reseed, no additional input, no prediction resistance). Instantiate: K = 32 bytes 0x00, V = 32 bytes 0x01, then Update(material) where material is the UTF-8 of "reelty-draw-v1|seed=<seed hex, lower case>|entrants=<list hash>|beacon=<beacon, or nothing>". Update(d): K = HMAC(K, V ‖ 0x00 ‖ d); V = HMAC(K, V); and when d is not empty, K = HMAC(K, V ‖ 0x01 ‖ d); V = HMAC(K, V).',
  ],
  [
    'One number',
    'Each number is its own Generate call for 6 bytes: V = HMAC(K, V); the output is the first 6 bytes of V read big-endian as x < 2^48; then Update() with no input. Bytes are never carried over from one call to the next.',
  ],
  [
    'Uniform below a bound',
    'limit = floor(2^48 / bound) × bound. If x < limit the number is x mod bound; otherwise discard x and make another Generate call.',
  ],
  [
    'Picks',
    'total = the sum of entries of the people still in. r = a number below total; walk the list in order adding entries, and pick the first person whose running sum exceeds r. That person leaves the list (without replacement: nobody is picked twice). Repeat until winners + alternates are picked, or nobody is left. The first picks go to the prizes in order; a pick the fraud checks flagged is passed over (shown as disqualified) and the next one takes the prize; the rest are ordered alternates.',
  ],
];

export function DrawAlgorithm() {
  return (
    <div className="space-y-4 text-sm text-ink-muted">
      <ol className="list-inside list-decimal space-y-2">
        {STEPS.map(([term, text]) => (
          <li key={term}>
            <span className="font-medium text-ink">{term}.</span> {text}
          </li>
        ))}
      </ol>
      <div className="rounded-control bg-surface-muted p-3">
        <p className="font-medium text-ink">Worked example</p>
        <p className="mt-1">
          List <code>a1,1\nb2,3\nc3,2\n</code> (hash <code className="break-all">1294038367b1…98c5f6</code>), seed 31
          bytes 0x00 then 0x01, beacon <code>example</code>, 3 picks. The first Generate gives <code>db2912d0c3a0</code>{' '}
          = 240969455813536, below the limit for bound 6, so r = 4: a1 holds 0, b2 holds 1–3, c3 holds 4–5, and c3 is
          picked. Next, bound 4: <code>8f872104e07f</code> gives r = 3, so b2. Last, bound 1: <code>6667caacbc5d</code>{' '}
          gives r = 0, so a1. Picks: c3, b2, a1.
        </p>
      </div>
    </div>
  );
}
