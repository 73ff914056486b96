import { matchQueue, pickOpponent, scoreWar, windowAt, type AttackResult, type QueuedEntry } from '.';

const entry = (id: string, rating: number, over: Partial<QueuedEntry> = {}): QueuedEntry => ({
  ticketId: id,
  entryId: `entry-${id}`,
  creatorId: `creator-${id}`,
  teamId: null,
  rating,
  queuedAt: 0,
  ...over,
});
const never = () => false;

describe('matchmaking window', () => {
  it('starts at ±100 and widens by 50 every 30 s up to ±400', () => {
    expect(windowAt(0, 0)).toBe(100);
    expect(windowAt(0, 29_999)).toBe(100);
    expect(windowAt(0, 30_000)).toBe(150);
    expect(windowAt(0, 60_000)).toBe(200);
    expect(windowAt(0, 600_000)).toBe(400);
  });

  it('finds an opponent only once the window has widened enough', () => {
    const seeker = entry('s', 1500);
    const far = entry('f', 1680);
    expect(pickOpponent(seeker, [far], 0, never)).toBeNull();
    expect(pickOpponent(seeker, [far], 30_000, never)).toBeNull();
    expect(pickOpponent(seeker, [far], 60_000, never)).toBe(far);
  });

  it('never pairs the same creator, the same team, or a recent rematch', () => {
    const seeker = entry('s', 1500, { teamId: 't1' });
    const sameCreator = entry('c', 1500, { creatorId: 'creator-s' });
    const sameTeam = entry('t', 1500, { teamId: 't1' });
    const rematch = entry('r', 1500);
    const fine = entry('ok', 1590);
    const recent = (a: string, b: string) => [a, b].sort().join() === ['entry-s', 'entry-r'].sort().join();
    expect(pickOpponent(seeker, [sameCreator, sameTeam, rematch, fine], 0, recent)).toBe(fine);
    expect(pickOpponent(seeker, [sameCreator, sameTeam, rematch], 0, recent)).toBeNull();
  });

  it('pairs a queue oldest first with the closest rating, each entry once', () => {
    const queue = [
      entry('a', 1500, { queuedAt: 0 }),
      entry('b', 1540, { queuedAt: 5 }),
      entry('c', 1520, { queuedAt: 10 }),
      entry('d', 2000, { queuedAt: 1 }),
    ];
    const pairs = matchQueue(queue, 1000, never).map(([x, y]) => [x.ticketId, y.ticketId]);
    expect(pairs).toEqual([['a', 'c']]);
  });
});

describe('war scoring', () => {
  const attack = (id: string, over: Partial<AttackResult>): AttackResult => ({
    attackId: id,
    squad: 'home',
    attackerId: 'm1',
    targetId: 'd1',
    votesFor: 0,
    votesAgainst: 0,
    votesEven: 0,
    at: 0,
    ...over,
  });

  it('gives stars at 50/65/80% with at least three votes', () => {
    const s = scoreWar([
      attack('1', { targetId: 't1', votesFor: 4, votesAgainst: 1 }),
      attack('2', { targetId: 't2', votesFor: 2, votesAgainst: 1, votesEven: 1 }),
      attack('3', { targetId: 't3', votesFor: 2 }),
    ]);
    // 4 of 5 = 80%: three stars; (2 + 1/2) of 4 = 62.5%: one star; 2 of 2 is too few votes for a star.
    expect(s.attacks.map((a) => [a.stars, a.percent])).toEqual([
      [3, 80],
      [1, 63],
      [0, 100],
    ]);
  });

  it('counts only the best attack per target: a weaker second attack changes nothing', () => {
    const first = attack('1', { votesFor: 5, votesAgainst: 1, at: 1 });
    const before = scoreWar([first]);
    const after = scoreWar([first, attack('2', { attackerId: 'm2', votesFor: 3, votesAgainst: 3, at: 2 })]);
    expect(after.home).toEqual(before.home);
    expect(after.attacks.find((a) => a.attackId === '2')!.counts).toBe(false);
    const stronger = scoreWar([first, attack('3', { votesFor: 9, votesAgainst: 0, at: 3 })]);
    expect(stronger.home.percent).toBe(100);
  });

  it('decides the winner by stars then percentage', () => {
    const s = scoreWar([
      attack('h', { squad: 'home', votesFor: 4, votesAgainst: 1 }),
      attack('a', { squad: 'away', votesFor: 3, votesAgainst: 0 }),
    ]);
    expect(s.winner).toBe('away');
    expect(scoreWar([]).winner).toBe('draw');
  });
});
