import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { ArenaWar as ArenaWarJson, WarLineupEvent, WarSquadSide } from '../../contracts/arena';
import { Broadcaster } from '../realtime';
import type { User } from '../users';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaWarsRepository, type AttackTally } from './arena-wars.repository';
import { sideOf, toSquadJson, toWarJson } from './arena-wars.mapper';
import { ATTACK_MS, SQUAD_CHANNEL, WAR_CHANNEL, WAR_LINEUP_EVENT, WAR_STATE_EVENT } from './arena.constants';
import { scoreWar, type WarScore } from './core';
import type { AttackDto, LineupDto } from './dto/arena-wars.dto';
import type { ArenaBattle } from './entities/arena.entity';
import type { ArenaWar, ArenaWarAttack } from './entities/arena-war.entity';
import { requireFighter, requireOwnWork } from './arena.policy';

/** The war's score from its attacks and their battles' counted votes (side a is always the attacker's entry). */
export function scoreFromLog(attacks: ArenaWarAttack[], tallies: AttackTally[]): WarScore {
  const byBattle = new Map(tallies.map((t) => [t.battle_id, t]));
  return scoreWar(
    attacks.map((a) => {
      const t = byBattle.get(a.battleId);
      return {
        attackId: a.id,
        squad: a.squad,
        attackerId: a.attackerId,
        targetId: a.targetEntryId,
        votesFor: t?.a ?? 0,
        votesAgainst: t?.b ?? 0,
        votesEven: t?.even ?? 0,
        at: a.createdAt.getTime(),
      };
    }),
  );
}

/**
 * A war between two squads: preparation (each member lines up one entry of the war's category, hidden from the
 * other squad), then the battle phase (each member attacks up to K targets of the other lineup; each attack is an
 * arena battle voters judge), then the close, which writes the result from the vote log once. Phase changes are
 * timers re-checked on fire; watchers follow `presence-arena.war.{id}`, each squad its own lineup on
 * `private-arena.squad.{id}`.
 */
@Injectable()
export class ArenaWarsService {
  constructor(
    private readonly repo: ArenaWarsRepository,
    private readonly entries: ArenaEntriesService,
    private readonly battles: ArenaBattlesService,
    private readonly clock: Clock,
    private readonly broadcaster: Broadcaster,
  ) {}

  async find(id: string): Promise<ArenaWar> {
    const war = await this.repo.findWar(id);
    if (!war) throw new NotFoundException('There is no war with that id.');
    return war;
  }

  async show(id: string, viewer: User | null | undefined): Promise<ArenaWarJson> {
    return this.view(await this.find(id), viewer?.id ?? null);
  }

  /** The viewer's side in the war, or null. */
  async sideOfUser(war: ArenaWar, userId: string): Promise<WarSquadSide | null> {
    const members = await this.repo.members([war.homeSquadId, war.awaySquadId]);
    return sideOf(war, members.find((m) => m.userId === userId)?.squadId);
  }

  /** The war and the user's side in it: only members of its two squads line up and attack. */
  async fighter(user: User, warId: string, doing = 'take part in this war') {
    const war = await this.find(warId);
    const side = await this.sideOfUser(war, user.id);
    requireFighter(side, doing);
    return { war, side };
  }

  async setLineup(user: User, warId: string, dto: LineupDto): Promise<ArenaWarJson> {
    const { war, side } = await this.fighter(user, warId, 'line up');
    if (war.state !== 'preparation' || this.clock.now() >= war.prepEndsAt)
      throw new ConflictException('Lineups closed when the battle phase started.');
    const entry = await this.entries.find(dto.entry_id);
    requireOwnWork(user, entry.creatorId, 'You can only line up your own entry.');
    if (entry.category !== war.category || entry.seasonId !== war.seasonId)
      throw ValidationFailedException.of('entry_id', "Line up an entry of this season in the war's category.");
    await this.repo.setLineup({ warId: war.id, userId: user.id, squad: side, entryId: entry.id });
    const squadId = side === 'home' ? war.homeSquadId : war.awaySquadId;
    const lineup = (await this.repo.lineup(war.id)).filter((l) => l.squad === side);
    const event: WarLineupEvent = {
      war_id: war.id,
      lineup: lineup.map((l) => ({ user_id: l.userId, entry_id: l.entryId })),
    };
    await this.broadcaster.broadcast(SQUAD_CHANNEL(squadId), WAR_LINEUP_EVENT, event);
    await this.publish(war);
    return this.view(war, user.id);
  }

  async attack(user: User, warId: string, dto: AttackDto): Promise<ArenaWarJson> {
    const { war, side } = await this.fighter(user, warId, 'attack');
    const now = this.clock.now();
    if (war.state === 'preparation' && now < war.prepEndsAt)
      throw new ConflictException('Attacks open when the battle phase starts.');
    if (war.state === 'closed' || now >= war.battleEndsAt) throw new ConflictException('The war is over.');
    const lineup = await this.repo.lineup(war.id);
    const mine = lineup.find((l) => l.userId === user.id);
    if (!mine) throw new ConflictException('You put no entry in the lineup, so you cannot attack in this war.');
    const target = lineup.find((l) => l.entryId === dto.target_entry_id && l.squad !== side);
    if (!target) throw ValidationFailedException.of('target_entry_id', "Pick an entry of the other squad's lineup.");
    const [a, b] = await Promise.all([this.entries.find(mine.entryId), this.entries.find(target.entryId)]);
    await this.repo.transaction(async (tx) => {
      await tx.lockLineup(war.id, user.id);
      const all = await tx.attacks(war.id);
      // Votes are one per voter per pair, so a pair meets once per war (a counter-attack would find voters spent).
      if (all.some((x) => x.attackerEntryId === target.entryId && x.targetEntryId === a.id))
        throw new ConflictException('These two entries have already met in this war.');
      const done = all.filter((x) => x.attackerId === user.id);
      if (done.length >= war.attacksPerMember)
        throw new ConflictException(`You have used your ${war.attacksPerMember} attacks in this war.`);
      if (done.some((x) => x.targetEntryId === target.entryId))
        throw new ConflictException('You have already attacked that entry.');
      const duration = Math.min(ATTACK_MS, war.battleEndsAt.getTime() - now.getTime());
      const battle = await this.battles.open(a, b, 'war', duration, tx);
      await tx.insertAttack({
        warId: war.id,
        squad: side,
        attackerId: user.id,
        attackerEntryId: a.id,
        targetEntryId: b.id,
        battleId: battle.id,
        createdAt: now,
      });
    });
    await this.publish(war);
    return this.view(war, user.id);
  }

  /** Timer at the end of preparation: the battle phase starts (once; early firings do nothing). */
  async onBattleStart({ warId }: { warId: string }): Promise<void> {
    if (await this.repo.startBattle(warId, this.clock.now())) await this.publish(await this.find(warId));
  }

  /**
   * Timer at the end of the battle phase: closes every attack's battle, then writes the result from the vote log
   * once (a repeated or early firing changes nothing; a result is never rewritten).
   */
  async onClose({ warId }: { warId: string }): Promise<void> {
    const now = this.clock.now();
    let war = await this.repo.findWar(warId);
    if (!war || war.state === 'closed' || now < war.battleEndsAt) return;
    if (war.state === 'preparation') await this.repo.startBattle(warId, now);
    const attacks = await this.repo.attacks(warId);
    for (const a of attacks) await this.battles.onCloseTimer({ battleId: a.battleId });
    const score = scoreFromLog(attacks, await this.repo.tallies(warId));
    if (!(await this.repo.closeWar(warId, now, score))) return;
    war = await this.find(warId);
    await this.publish(war);
  }

  /** The score recomputed from the stored vote log (equals the stored result of a closed war). */
  async replayScore(warId: string): Promise<WarScore> {
    await this.find(warId);
    return scoreFromLog(await this.repo.attacks(warId), await this.repo.tallies(warId));
  }

  /** After a vote on an attack's battle, watchers get the new scoreboard. */
  async onVote(battle: ArenaBattle): Promise<void> {
    if (battle.mode !== 'war') return;
    const attack = await this.repo.attackOfBattle(battle.id);
    if (attack) await this.publish(await this.find(attack.warId));
  }

  private async publish(war: ArenaWar): Promise<void> {
    await this.broadcaster.broadcast(WAR_CHANNEL(war.id), WAR_STATE_EVENT, { war: await this.view(war, null) });
  }

  private async view(war: ArenaWar, viewerId: string | null): Promise<ArenaWarJson> {
    const squadIds = [war.homeSquadId, war.awaySquadId];
    const [squads, members, lineup, attacks, tallies] = await Promise.all([
      this.repo.findSquads(squadIds),
      this.repo.members(squadIds),
      this.repo.lineup(war.id),
      this.repo.attacks(war.id),
      this.repo.tallies(war.id),
    ]);
    const users = await this.entries.creators([
      ...members.map((m) => m.userId),
      ...squads.map((s) => s.captainId),
      ...attacks.map((a) => a.attackerId),
    ]);
    const entryRows = await this.repo.findEntries(lineup.map((l) => l.entryId));
    const entryJson = await this.entries.toJsonMany(entryRows);
    const squadJson = (id: string) =>
      toSquadJson(
        squads.find((s) => s.id === id)!,
        members,
        users,
      );
    return toWarJson({
      war,
      home: squadJson(war.homeSquadId),
      away: squadJson(war.awaySquadId),
      members,
      lineup,
      entries: new Map(entryJson.map((e) => [e.id, e])),
      attacks,
      score: war.result ?? scoreFromLog(attacks, tallies),
      live: new Set(tallies.filter((t) => t.state === 'in_battle').map((t) => t.battle_id)),
      users,
      mySquad: viewerId ? sideOf(war, members.find((m) => m.userId === viewerId)?.squadId) : null,
    });
  }
}
