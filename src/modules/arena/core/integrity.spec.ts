import { detectClusters, windowStartOf, type ClusterVote } from './integrity';

const HOUR = 3_600_000;
const RULES = { windowMs: HOUR, minVoters: 3, newAccountMs: 7 * 86_400_000 };
const OLD = 365 * 86_400_000;
let next = 1;
const vote = (over: Partial<ClusterVote>): ClusterVote => ({
  id: String(next++),
  voterId: `v${next}`,
  favoured: 'creator-1',
  ip: null,
  device: null,
  accountAgeMs: OLD,
  at: 10 * HOUR + 60_000,
  ...over,
});

describe('vote-cluster detector', () => {
  it('flags three voters from one address voting for one creator within the window', () => {
    const votes = [1, 2, 3].map((i) => vote({ voterId: `u${i}`, ip: '10.0.0.9', at: 10 * HOUR + i * 1000 }));
    const [cluster, ...rest] = detectClusters(votes, RULES);
    expect(rest).toEqual([]);
    expect(cluster).toEqual({
      kind: 'ip',
      key: '10.0.0.9',
      creatorId: 'creator-1',
      windowStart: 10 * HOUR,
      voteIds: votes.map((v) => v.id),
      voters: 3,
    });
  });

  it('needs distinct voters, one creator and one window', () => {
    const sameVoter = [1, 2, 3].map(() => vote({ voterId: 'same', ip: '10.0.0.1' }));
    const twoCreators = [1, 2, 3].map((i) => vote({ voterId: `a${i}`, ip: '10.0.0.2', favoured: `c${i % 2}` }));
    const twoWindows = [0, 1, 2].map((i) => vote({ voterId: `b${i}`, ip: '10.0.0.3', at: (10 + i) * HOUR }));
    const ties = [1, 2, 3].map((i) => vote({ voterId: `t${i}`, ip: '10.0.0.4', favoured: null }));
    expect(detectClusters([...sameVoter, ...twoCreators, ...twoWindows, ...ties], RULES)).toEqual([]);
  });

  it('flags a device digest and new accounts separately, in a stable order', () => {
    const device = [1, 2, 3].map((i) => vote({ voterId: `d${i}`, device: 'abc', favoured: 'creator-2' }));
    const fresh = [1, 2, 3].map((i) => vote({ voterId: `n${i}`, accountAgeMs: 3_600_000, favoured: 'creator-3' }));
    const clusters = detectClusters([...fresh, ...device], RULES);
    expect(clusters.map((c) => [c.kind, c.key, c.creatorId, c.voters])).toEqual([
      ['device', 'abc', 'creator-2', 3],
      ['new_accounts', 'creator-3', 'creator-3', 3],
    ]);
    expect(detectClusters([...device, ...fresh].reverse(), RULES)).toEqual(clusters);
  });

  it('puts a vote in the window that starts at or before it', () => {
    expect(windowStartOf(2 * HOUR, HOUR)).toBe(2 * HOUR);
    expect(windowStartOf(2 * HOUR - 1, HOUR)).toBe(HOUR);
  });
});
