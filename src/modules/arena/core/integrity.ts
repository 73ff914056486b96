/**
 * Vote-cluster detection (pure). A cluster is at least `minVoters` distinct voters who, within one fixed window,
 * voted for the same creator from one network address, from one device digest, or with accounts younger than
 * `newAccountMs`. Ties and "both bad" favour nobody and are never counted. The same votes always give the same
 * clusters in the same order, so a re-scan is a no-op.
 */
export type ClusterKind = 'ip' | 'device' | 'new_accounts';

export interface ClusterVote {
  id: string;
  voterId: string;
  /** The creator whose entry this vote chose, or null for a tie / both bad. */
  favoured: string | null;
  ip: string | null;
  device: string | null;
  /** How old the voter's account was when they voted. */
  accountAgeMs: number;
  at: number;
}

export interface ClusterRules {
  windowMs: number;
  minVoters: number;
  newAccountMs: number;
}

export const CLUSTER_RULES: ClusterRules = { windowMs: 3_600_000, minVoters: 5, newAccountMs: 7 * 86_400_000 };

export interface VoteCluster {
  kind: ClusterKind;
  key: string;
  creatorId: string;
  windowStart: number;
  voteIds: string[];
  voters: number;
}

export function windowStartOf(at: number, windowMs: number): number {
  return Math.floor(at / windowMs) * windowMs;
}

const byId = (x: string, y: string) => (BigInt(x) < BigInt(y) ? -1 : BigInt(x) > BigInt(y) ? 1 : 0);

export function detectClusters(votes: readonly ClusterVote[], rules: ClusterRules = CLUSTER_RULES): VoteCluster[] {
  const groups = new Map<string, VoteCluster & { voterSet: Set<string> }>();
  for (const v of votes) {
    if (!v.favoured) continue;
    const windowStart = windowStartOf(v.at, rules.windowMs);
    const keys: Array<[ClusterKind, string | null]> = [
      ['ip', v.ip],
      ['device', v.device],
      ['new_accounts', v.accountAgeMs < rules.newAccountMs ? v.favoured : null],
    ];
    for (const [kind, key] of keys) {
      if (!key) continue;
      const id = `${kind}|${key}|${v.favoured}|${windowStart}`;
      let g = groups.get(id);
      if (!g) {
        g = { kind, key, creatorId: v.favoured, windowStart, voteIds: [], voters: 0, voterSet: new Set() };
        groups.set(id, g);
      }
      g.voteIds.push(v.id);
      g.voterSet.add(v.voterId);
    }
  }
  return [...groups.values()]
    .filter((g) => g.voterSet.size >= rules.minVoters)
    .map(({ voterSet, ...g }) => ({ ...g, voters: voterSet.size, voteIds: [...g.voteIds].sort(byId) }))
    .sort(
      (x, y) =>
        x.windowStart - y.windowStart ||
        x.kind.localeCompare(y.kind) ||
        x.key.localeCompare(y.key) ||
        x.creatorId.localeCompare(y.creatorId),
    );
}
