import {
  applyVote,
  eloUpdate,
  expectedScore,
  firstOnLeft,
  fitBradleyTerry,
  fitWithIntervals,
  freshRating,
  mulberry32,
  randomFrom,
  rdAfterBattle,
  rdAfterIdle,
  replayVotes,
  softReset,
  type LiveRating,
  type LoggedVote,
  type PairVote,
} from '.';

const DAY = 86_400_000;

describe('Elo (K = 32)', () => {
  it('matches hand-computed updates', () => {
    expect(eloUpdate(1500, 1500, 'a')).toEqual([1516, 1484]);
    expect(eloUpdate(1500, 1500, 'tie')).toEqual([1500, 1500]);
    expect(eloUpdate(1500, 1500, 'both_bad')).toEqual([1500, 1500]);
    // 1600 vs 1400: expected = 1 / (1 + 10^-0.5) = 0.759747
    expect(expectedScore(1600, 1400)).toBeCloseTo(0.759747, 6);
    const [fav, dog] = eloUpdate(1600, 1400, 'a');
    expect(fav).toBeCloseTo(1607.688, 3);
    expect(dog).toBeCloseTo(1392.312, 3);
    const [upsetFav, upsetDog] = eloUpdate(1600, 1400, 'b');
    expect(upsetFav).toBeCloseTo(1575.688, 3);
    expect(upsetDog).toBeCloseTo(1424.312, 3);
    expect(eloUpdate(1600, 1400, 'tie')[0]).toBeCloseTo(1591.688, 3);
  });
});

describe('Bradley-Terry', () => {
  it('gives equal records equal ratings at the anchor', () => {
    const fit = fitBradleyTerry([
      { a: 'x', b: 'y', outcome: 'a' },
      { a: 'x', b: 'y', outcome: 'b' },
    ]);
    expect(fit.get('x')).toBeCloseTo(1500, 6);
    expect(fit.get('y')).toBeCloseTo(1500, 6);
  });

  it('matches the hand-solved one-game case', () => {
    // x beat y once; with one virtual half-won game each against the anchor (strength 1) the MM fixed point is
    // p_y = 1 / p_x with p_x the real root of p^3 - p^2 - p - 3 = 0 (solved here by bisection).
    let lo = 2;
    let hi = 3;
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      if (mid ** 3 - mid ** 2 - mid - 3 > 0) hi = mid;
      else lo = mid;
    }
    const fit = fitBradleyTerry([{ a: 'x', b: 'y', outcome: 'a' }]);
    expect(fit.get('x')).toBeCloseTo(1500 + 400 * Math.log10(lo), 6);
    expect(fit.get('y')).toBeCloseTo(1500 - 400 * Math.log10(lo), 6);
    expect(fit.get('x')).toBeCloseTo(1631.4, 1);
  });

  it('recovers the order of known strengths and gives reproducible bootstrap intervals', () => {
    const strengths: Record<string, number> = { s1: 1800, s2: 1600, s3: 1500, s4: 1300 };
    const random = mulberry32(7);
    const ids = Object.keys(strengths);
    const votes: PairVote[] = [];
    for (let i = 0; i < 600; i++) {
      const a = ids[Math.floor(random() * 4)];
      const b = ids[(ids.indexOf(a) + 1 + Math.floor(random() * 3)) % 4];
      votes.push({ a, b, outcome: random() < expectedScore(strengths[a], strengths[b]) ? 'a' : 'b' });
    }
    const rows = fitWithIntervals(votes, 'season-1', 60);
    expect(rows.map((r) => r.id)).toEqual(['s1', 's2', 's3', 's4']);
    for (const r of rows) {
      expect(r.lower).toBeLessThanOrEqual(r.rating);
      expect(r.upper).toBeGreaterThanOrEqual(r.rating);
    }
    expect(rows[0].rank_best).toBe(1);
    expect(rows[3].rank_worst).toBe(4);
    expect(fitWithIntervals(votes, 'season-1', 60)).toEqual(rows);
    expect(fitWithIntervals(votes, 'season-2', 60)).not.toEqual(rows);
  });
});

describe('Glicko rating deviation', () => {
  it('grows with inactivity up to the cap', () => {
    expect(rdAfterIdle(50, 0)).toBe(50);
    expect(rdAfterIdle(50, 100 * DAY)).toBeCloseTo(Math.sqrt(50 ** 2 + 34.6 ** 2 * 100), 6);
    expect(rdAfterIdle(300, 100 * DAY)).toBe(350);
  });

  it('shrinks after a battle (hand-computed: 350 vs 350 at equal ratings gives 290.2)', () => {
    expect(rdAfterBattle(1500, 350, 1500, 350)).toBeCloseTo(290.2, 0);
    expect(rdAfterBattle(1500, 30, 1500, 350)).toBe(30);
  });
});

describe('season soft reset', () => {
  it('moves ratings halfway to the mean and raises deviations to the floor', () => {
    expect(
      softReset([
        { id: 'a', rating: 1600, rd: 50 },
        { id: 'b', rating: 1400, rd: 300 },
      ]),
    ).toEqual([
      { id: 'a', rating: 1550, rd: 200 },
      { id: 'b', rating: 1450, rd: 300 },
    ]);
    expect(softReset([])).toEqual([]);
  });
});

describe('replaying the vote log', () => {
  const log: LoggedVote[] = [
    { a: 'e1', b: 'e2', outcome: 'a', at: 0 },
    { a: 'e2', b: 'e3', outcome: 'tie', at: DAY },
    { a: 'e3', b: 'e1', outcome: 'b', at: 3 * DAY },
    { a: 'e1', b: 'e2', outcome: 'both_bad', at: 40 * DAY },
  ];

  it('reproduces the ratings applied one vote at a time, exactly', () => {
    const live = new Map<string, LiveRating>();
    for (const v of log) {
      const [a, b] = applyVote(live.get(v.a) ?? freshRating(), live.get(v.b) ?? freshRating(), v.outcome, v.at);
      live.set(v.a, a);
      live.set(v.b, b);
    }
    expect(replayVotes(log)).toEqual(live);
    expect(replayVotes(log)).toEqual(replayVotes(log));
    expect(replayVotes(log).get('e1')!.battles).toBe(3);
    // By hand: e1 1516 (beats e2); e2/e3 tie moves e3 to 1499.264; e1 beats e3 (+15.229) to 1531.229; "both bad"
    // against e2 at 1484.736 scores 0.5 against an expected 0.566485 (-2.128): 1529.101.
    expect(replayVotes(log).get('e1')!.rating).toBeCloseTo(1529.101, 3);
  });
});

describe('seeded randomness', () => {
  it('is the same for the same seed', () => {
    expect(randomFrom('x')()).toBe(randomFrom('x')());
    expect(firstOnLeft('battle-seed')).toBe(firstOnLeft('battle-seed'));
    const sides = Array.from({ length: 200 }, (_, i) => firstOnLeft(`s${i}`)).filter(Boolean).length;
    expect(sides).toBeGreaterThan(70);
    expect(sides).toBeLessThan(130);
  });
});
