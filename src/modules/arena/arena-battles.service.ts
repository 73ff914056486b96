import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import type { ArenaBattle as ArenaBattleJson, ArenaCategory, VoteOutcome } from '../../contracts/arena';
import { TimersService } from '../jobs';
import { Broadcaster } from '../realtime';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { ArenaEntriesService } from './arena-entries.service';
import {
  BATTLE_CHANNEL,
  BATTLE_MS,
  BATTLE_VOTES_EVENT,
  TIMERS,
  VOTES_PER_ADDRESS_PER_MINUTE,
  VOTES_PER_MINUTE,
} from './arena.constants';
import { leftIsA, outcomeOf, toBattleJson, toVotesEvent } from './arena.mapper';
import { ArenaRepository } from './arena.repository';
import { ArenaWarsRepository } from './arena-wars.repository';
import { liveRating as live, storedRating as stored } from './arena.rows';
import { applyVote, KeyedQueue } from './core';
import type { VoteDto } from './dto/arena.dto';
import type { ArenaBattle, ArenaEntry } from './entities/arena.entity';
import { requireNotAtWar, requireNotOwnBattle, WAR_MEMBERS_DO_NOT_VOTE } from './arena.policy';

export interface VoterMeta {
  ip: string | null;
  device: string | null;
}

/**
 * Battles and votes. A voter sees two anonymous entries (sides from the battle's stored seed and the voter's id),
 * votes once per pair, never on a battle with their own entry, within the velocity limits; the vote, both entries'
 * ratings, both creators' ratings and the battle's counts change in one transaction, then the counts go live.
 */
@Injectable()
export class ArenaBattlesService {
  constructor(
    private readonly repo: ArenaRepository,
    private readonly entries: ArenaEntriesService,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    private readonly broadcaster: Broadcaster,
    private readonly limiter: RateLimiterService,
    private readonly wars: ArenaWarsRepository,
  ) {}

  /** Votes on one battle wait their turn here rather than each holding a connection while it waits on row locks. */
  private readonly castQueue = new KeyedQueue();
  private readonly voteListeners: Array<(battle: ArenaBattle) => Promise<void>> = [];
  private readonly logger = new Logger(ArenaBattlesService.name);

  /** Runs after each counted vote (wars refresh their live scoreboard for their attacks' battles). */
  afterVote(listener: (battle: ArenaBattle) => Promise<void>): void {
    this.voteListeners.push(listener);
  }

  /**
   * Opens a battle between two entries (inside the caller's transaction when given its repository); it closes by a
   * timer when its time is up.
   */
  async open(
    a: ArenaEntry,
    b: ArenaEntry,
    mode: ArenaBattle['mode'],
    durationMs = BATTLE_MS,
    repo: ArenaRepository = this.repo,
  ): Promise<ArenaBattle> {
    const now = this.clock.nowMs();
    const battle = await repo.createBattle({
      seasonId: a.seasonId,
      category: a.category,
      entryA: a.id,
      entryB: b.id,
      seed: randomBytes(16).toString('hex'),
      mode,
      state: 'in_battle',
      openedAt: new Date(now),
      closesAt: new Date(now + durationMs),
    });
    await this.timers.at(battle.closesAt, TIMERS.closeBattle, { battleId: battle.id }, battle.id);
    return battle;
  }

  /** A battle for this voter: an open one they may vote on, else a new pair of other creators' entries. */
  async next(user: User, category: ArenaCategory | undefined): Promise<ArenaBattleJson> {
    const season = await this.entries.currentSeason();
    const [waiting] = await this.repo.openBattlesFor(season.id, category ?? null, user.id, 1);
    if (waiting) return this.show(waiting.id, user);
    for (const cat of category ? [category] : this.entries.categories()) {
      const pair = await this.pairFor(user, season.id, cat);
      if (pair) return this.show((await this.open(pair[0], pair[1], 'open')).id, user);
    }
    throw new NotFoundException('No battle is waiting for you here yet. Check back soon.');
  }

  /** Two entries of different creators, closest in rating, that this voter has not judged together. */
  private async pairFor(
    user: User,
    seasonId: string,
    category: ArenaCategory,
  ): Promise<[ArenaEntry, ArenaEntry] | null> {
    const pool = await this.repo.candidates(seasonId, category, user.id, 40);
    for (const first of pool) {
      const others = pool
        .filter((o) => o.creatorId !== first.creatorId)
        .sort((x, y) => Math.abs(x.rating - first.rating) - Math.abs(y.rating - first.rating));
      for (const other of others) {
        if (!(await this.repo.hasVotedPair(user.id, first.id, other.id))) return [first, other];
      }
    }
    return null;
  }

  async show(id: string, viewer: User | null | undefined): Promise<ArenaBattleJson> {
    const battle = await this.find(id);
    return this.view(battle, viewer ?? null);
  }

  /**
   * One vote: checks (own entry, battle over, unverified, squads at war, velocity), then one transaction locks both
   * entries and both creators in a fixed order, computes the new ratings and casts the vote in one statement (a
   * second vote on the pair or a battle that just ended rolls it back with a 409); the counts then go live.
   */
  async vote(user: User, id: string, dto: VoteDto, meta: VoterMeta): Promise<ArenaBattleJson> {
    const found = await this.repo.battleWithSides(id);
    if (!found) throw new NotFoundException('There is no battle with that id.');
    const [battle, a, b] = found;
    this.assertMayVote(user, battle, a, b);
    requireNotAtWar(await this.inOwnWar(user, battle));
    await Promise.all([
      this.limiter.hit(`arena-vote:${user.id}`, VOTES_PER_MINUTE, 60),
      meta.ip && this.limiter.hit(`arena-vote-ip:${meta.ip}`, VOTES_PER_ADDRESS_PER_MINUTE, 60),
    ]);
    const outcome = outcomeOf(dto.choice, leftIsA(battle, user.id));
    const creators = this.entries.creators([a.creatorId, b.creatorId]);
    creators.catch(() => undefined); // awaited below; read beside the transaction
    const { counted, sides } = await this.castQueue.run(battle.id, () =>
      this.repo.transaction(async (tx) => {
        const castAt = this.clock.now();
        const [ea, eb] = await this.ordered(tx.lockEntries([a.id, b.id]), a.id);
        const locked = await tx.lockCreators(battle.seasonId, [a.creatorId, b.creatorId]);
        const [na, nb] = applyVote(live(ea), live(eb), outcome, castAt.getTime());
        const ca = locked.find((c) => c.creatorId === a.creatorId)!;
        const cb = locked.find((c) => c.creatorId === b.creatorId)!;
        const [nca, ncb] = applyVote(live(ca), live(cb), outcome, castAt.getTime());
        const vote = { battleId: battle.id, seasonId: battle.seasonId, voterId: user.id, outcome, castAt };
        const cast = await tx.castVote(
          { ...vote, entryA: a.id, entryB: b.id, ip: meta.ip, device: meta.device },
          [
            { id: a.id, ...stored(na) },
            { id: b.id, ...stored(nb) },
          ],
          [
            { creatorId: a.creatorId, ...stored(nca) },
            { creatorId: b.creatorId, ...stored(ncb) },
          ],
        );
        if (!cast.voted) throw new ConflictException('You have already voted on this pair.');
        if (!cast.battle) throw new ConflictException('This battle is over.');
        const sides: [ArenaEntry, ArenaEntry] = [
          { ...ea, ...stored(na) },
          { ...eb, ...stored(nb) },
        ];
        return { counted: cast.battle, sides };
      }),
    );
    await this.broadcaster.broadcast(BATTLE_CHANNEL(battle.id), BATTLE_VOTES_EVENT, toVotesEvent(counted));
    // The vote is committed: a listener's failure (a live scoreboard, a scan timer) is logged, never the answer.
    for (const listener of this.voteListeners)
      await listener(counted).catch((error: unknown) =>
        this.logger.warn(`After-vote listener failed: ${String(error)}`),
      );
    return this.view(counted, user, { sides, myVote: outcome, creators: await creators });
  }

  /** Timer: closes the battle once its time is up (early or repeated firings find nothing to do). */
  async onCloseTimer({ battleId }: { battleId: string }): Promise<void> {
    if (await this.repo.closeBattle(battleId, this.clock.now())) {
      const battle = await this.repo.findBattle(battleId);
      if (battle) await this.broadcaster.broadcast(BATTLE_CHANNEL(battleId), BATTLE_VOTES_EVENT, toVotesEvent(battle));
    }
  }

  /** The storage key of the picture on this viewer's `side` (served anonymously by the arena). */
  async sideImageKey(id: string, side: 'left' | 'right', viewer: User | null): Promise<string> {
    const battle = await this.find(id);
    const [a, b] = await this.sides(battle);
    const entry = (side === 'left') === leftIsA(battle, viewer?.id ?? null) ? a : b;
    if (!entry.image?.startsWith('/media/')) throw new NotFoundException('This side has no picture.');
    return entry.image.slice('/media/'.length);
  }

  async liveBattles(viewer: User | null, limit = 6): Promise<ArenaBattleJson[]> {
    const season = await this.entries.currentSeason();
    const battles = await this.repo.liveBattles(season.id, limit);
    return Promise.all(battles.map((b) => this.view(b, viewer)));
  }

  async find(id: string): Promise<ArenaBattle> {
    const battle = await this.repo.findBattle(id);
    if (!battle) throw new NotFoundException('There is no battle with that id.');
    return battle;
  }

  private assertMayVote(user: User, battle: ArenaBattle, a: ArenaEntry, b: ArenaEntry): void {
    const reason = this.cannotVote(user, battle, a, b);
    requireNotOwnBattle(reason === 'own');
    if (reason) throw new ConflictException(reason);
  }

  private cannotVote(user: User | null, battle: ArenaBattle, a: ArenaEntry, b: ArenaEntry): string | null {
    if (!user) return 'Sign in to vote.';
    if (a.creatorId === user.id || b.creatorId === user.id) return 'own';
    if (battle.state !== 'in_battle') return 'This battle is over.';
    if (!user.emailVerifiedAt) return 'Verify your email address to vote.';
    return null;
  }

  /** The battle as `viewer` sees it; right after their vote the caller passes the entries and vote it holds. */
  private async view(
    battle: ArenaBattle,
    viewer: User | null,
    known?: { sides: [ArenaEntry, ArenaEntry]; myVote: VoteOutcome; creators: Map<string, User> },
  ): Promise<ArenaBattleJson> {
    const [a, b] = known?.sides ?? (await this.sides(battle));
    const [creators, mine] = await Promise.all([
      known?.creators ?? this.entries.creators([a.creatorId, b.creatorId]),
      known ? { outcome: known.myVote } : viewer ? this.repo.voteOf(viewer.id, battle.id) : null,
    ]);
    let reason = mine ? 'You have voted.' : this.cannotVote(viewer, battle, a, b);
    if (reason === null && (await this.inOwnWar(viewer, battle))) reason = WAR_MEMBERS_DO_NOT_VOTE;
    return toBattleJson({
      battle,
      a,
      b,
      creators,
      viewerId: viewer?.id ?? null,
      myVote: mine?.outcome ?? null,
      canVote: reason === null,
      cannotVoteReason: reason === 'own' ? 'This battle has your entry in it.' : reason,
    });
  }

  private async inOwnWar(user: User | null, battle: ArenaBattle): Promise<boolean> {
    return !!user && battle.mode === 'war' && (await this.wars.isWarMemberOfBattle(battle.id, user.id));
  }

  private async sides(battle: ArenaBattle): Promise<[ArenaEntry, ArenaEntry]> {
    return this.ordered(this.repo.findEntries([battle.entryA, battle.entryB]), battle.entryA);
  }

  private async ordered(found: Promise<ArenaEntry[]>, aId: string): Promise<[ArenaEntry, ArenaEntry]> {
    const list = await found;
    const a = list.find((e) => e.id === aId)!;
    return [a, list.find((e) => e.id !== aId)!];
  }
}
