import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { ArenaWar as ArenaWarJson, WarChallenge, WarChallengeEvent } from '../../contracts/arena';
import { TimersService } from '../jobs';
import { Broadcaster } from '../realtime';
import type { User } from '../users';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaSquadsService } from './arena-squads.service';
import { ArenaWarsRepository } from './arena-wars.repository';
import { ArenaWarsService } from './arena-wars.service';
import { toChallengeJson } from './arena-wars.mapper';
import {
  CHALLENGE_EXPIRE_TIMER,
  CHALLENGE_TTL_MS,
  SQUAD_CHANNEL,
  WAR_ATTACKS_PER_MEMBER,
  WAR_CHALLENGE_EVENT,
  WAR_TIMERS,
} from './arena.constants';
import type { DeclareWarDto } from './dto/arena-wars.dto';
import type { ArenaSquad, ArenaWarChallenge } from './entities/arena-war.entity';
import { requireCaptain, requireChallengedCaptain } from './arena.policy';

const MINUTE = 60_000;

/**
 * Challenges between squads: one captain challenges another squad; its captain accepts (the war starts in
 * preparation then, with its phase timers) or declines; an unanswered challenge expires by a timer re-checked on
 * fire. Both squads follow each change on their `private-arena.squad.{id}` channels.
 */
@Injectable()
export class ArenaChallengesService {
  constructor(
    private readonly repo: ArenaWarsRepository,
    private readonly entries: ArenaEntriesService,
    private readonly squads: ArenaSquadsService,
    private readonly wars: ArenaWarsService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    private readonly broadcaster: Broadcaster,
  ) {}

  async challenge(user: User, dto: DeclareWarDto): Promise<WarChallenge> {
    const [home, away] = await Promise.all([this.squads.find(dto.squad_id), this.squads.find(dto.opponent_id)]);
    requireCaptain(user, home);
    if (home.id === away.id) throw ValidationFailedException.of('opponent_id', 'Pick another squad to challenge.');
    const now = this.clock.now();
    const challenge = await this.repo.transaction(async (tx) => {
      await this.assertCanFight(tx, home, away);
      if (await tx.hasPendingChallenge(home.id, away.id))
        throw new ConflictException('A challenge between these squads is already waiting for an answer.');
      return tx.createChallenge({
        challengerSquadId: home.id,
        opponentSquadId: away.id,
        category: dto.category,
        prepMinutes: dto.prep_minutes ?? 60,
        battleMinutes: dto.battle_minutes ?? 240,
        createdBy: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      });
    });
    await this.timers.at(challenge.expiresAt, CHALLENGE_EXPIRE_TIMER, { challengeId: challenge.id }, challenge.id);
    return this.publish(challenge);
  }

  /** The challenged captain accepts: the war starts in preparation now. */
  async accept(user: User, id: string): Promise<ArenaWarJson> {
    const challenge = await this.pendingFor(user, id, 'accept');
    const [home, away] = await Promise.all([
      this.squads.find(challenge.challengerSquadId),
      this.squads.find(challenge.opponentSquadId),
    ]);
    const season = await this.entries.currentSeason();
    const now = this.clock.nowMs();
    const prepEndsAt = new Date(now + challenge.prepMinutes * MINUTE);
    const battleEndsAt = new Date(prepEndsAt.getTime() + challenge.battleMinutes * MINUTE);
    const war = await this.repo.transaction(async (tx) => {
      await this.assertCanFight(tx, home, away);
      const created = await tx.createWar({
        seasonId: season.id,
        category: challenge.category,
        homeSquadId: home.id,
        awaySquadId: away.id,
        attacksPerMember: WAR_ATTACKS_PER_MEMBER,
        prepEndsAt,
        battleEndsAt,
        createdBy: challenge.createdBy,
        createdAt: new Date(now),
      });
      if (!(await tx.decideChallenge(challenge.id, 'accepted', new Date(now), created.id)))
        throw new ConflictException('The challenge has already been answered.');
      return created;
    });
    await this.timers.at(prepEndsAt, WAR_TIMERS.battleStart, { warId: war.id }, war.id);
    await this.timers.at(battleEndsAt, WAR_TIMERS.close, { warId: war.id }, war.id);
    await this.publish((await this.repo.findChallenge(challenge.id))!);
    return this.wars.show(war.id, user);
  }

  async decline(user: User, id: string): Promise<WarChallenge> {
    const challenge = await this.pendingFor(user, id, 'decline');
    if (!(await this.repo.decideChallenge(challenge.id, 'declined', this.clock.now())))
      throw new ConflictException('The challenge has already been answered.');
    return this.publish((await this.repo.findChallenge(challenge.id))!);
  }

  /** Timer at the challenge's expiry: a still-pending challenge lapses (early or repeated firings do nothing). */
  async onExpire({ challengeId }: { challengeId: string }): Promise<void> {
    if (await this.repo.decideChallenge(challengeId, 'expired', this.clock.now()))
      await this.publish((await this.repo.findChallenge(challengeId))!);
  }

  /** The squads' recent challenges, made and received. */
  async of(squadIds: string[]): Promise<WarChallenge[]> {
    const rows = await this.repo.challengesOf(squadIds, 20);
    return this.toJsonMany(rows);
  }

  private async pendingFor(user: User, id: string, verb: string): Promise<ArenaWarChallenge> {
    const challenge = await this.repo.findChallenge(id);
    if (!challenge) throw new NotFoundException('There is no challenge with that id.');
    const opponent = await this.squads.find(challenge.opponentSquadId);
    requireChallengedCaptain(user, opponent, verb);
    if (challenge.state === 'pending' && this.clock.now() >= challenge.expiresAt)
      await this.onExpire({ challengeId: id });
    const fresh = (await this.repo.findChallenge(id))!;
    if (fresh.state !== 'pending') throw new ConflictException(`The challenge is no longer pending (${fresh.state}).`);
    return fresh;
  }

  private async assertCanFight(tx: ArenaWarsRepository, home: ArenaSquad, away: ArenaSquad): Promise<void> {
    for (const id of [home.id, away.id].sort()) await tx.lockSquad(id);
    if (await tx.activeWarOf(home.id)) throw new ConflictException(`${home.name} is already at war.`);
    if (await tx.activeWarOf(away.id)) throw new ConflictException(`${away.name} is already at war.`);
    const members = await tx.members([home.id, away.id]);
    const homeIds = new Set(members.filter((m) => m.squadId === home.id).map((m) => m.userId));
    if (members.some((m) => m.squadId === away.id && homeIds.has(m.userId)))
      throw ValidationFailedException.of('opponent_id', 'Someone is in both squads: they cannot fight themselves.');
  }

  private async publish(challenge: ArenaWarChallenge): Promise<WarChallenge> {
    const [json] = await this.toJsonMany([challenge]);
    const event: WarChallengeEvent = { challenge: json };
    await this.broadcaster.broadcast(
      [SQUAD_CHANNEL(challenge.challengerSquadId), SQUAD_CHANNEL(challenge.opponentSquadId)],
      WAR_CHALLENGE_EVENT,
      event,
    );
    return json;
  }

  private async toJsonMany(rows: ArenaWarChallenge[]): Promise<WarChallenge[]> {
    const squads = await this.repo.findSquads([
      ...new Set(rows.flatMap((c) => [c.challengerSquadId, c.opponentSquadId])),
    ]);
    const byId = new Map(squads.map((s) => [s.id, s]));
    return rows.map((c) => toChallengeJson(c, byId));
  }
}
