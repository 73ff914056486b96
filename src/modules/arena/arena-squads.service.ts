import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { PageQueryDto } from '../../common/page-query.dto';
import type { ArenaSquad as ArenaSquadJson, WarSummary } from '../../contracts/arena';
import type { Page } from '../../contracts/common';
import { TeamsService } from '../teams';
import type { User } from '../users';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaWarsRepository } from './arena-wars.repository';
import { toSquadJson, toWarSummary } from './arena-wars.mapper';
import { SQUAD_MAX_MEMBERS } from './arena.constants';
import type { CreateSquadDto } from './dto/arena-wars.dto';
import type { ArenaSquad } from './entities/arena-war.entity';
import { requireSquadJoinable, requireSquadMember } from './arena.policy';

/** Squads (ad hoc, or a team's: then only its members join) of up to five creators: joining, leaving, lists. */
@Injectable()
export class ArenaSquadsService {
  constructor(
    private readonly repo: ArenaWarsRepository,
    private readonly entries: ArenaEntriesService,
    private readonly teams: TeamsService,
    private readonly clock: Clock,
  ) {}

  async find(id: string): Promise<ArenaSquad> {
    const squad = await this.repo.findSquad(id);
    if (!squad) throw new NotFoundException('There is no squad with that id.');
    if (squad.dissolvedAt) throw new ConflictException(`${squad.name} has dissolved.`);
    return squad;
  }

  async page(q: PageQueryDto): Promise<Page<ArenaSquadJson>> {
    const { page, perPage, offset } = q.window(20);
    const [rows, total] = await this.repo.squads(offset, perPage);
    return pageOf(await this.toJsonMany(rows), page, perPage, total);
  }

  async mine(user: User): Promise<ArenaSquadJson[]> {
    return this.toJsonMany(await this.repo.squadsOf(user.id));
  }

  async create(user: User, dto: CreateSquadDto): Promise<ArenaSquadJson> {
    if (dto.team_id) await this.teams.membershipOrFail(user, dto.team_id);
    const squad = await this.repo.transaction((tx) =>
      tx.createSquad({ name: dto.name, teamId: dto.team_id ?? null, captainId: user.id, createdAt: this.clock.now() }),
    );
    return (await this.toJsonMany([squad]))[0];
  }

  async join(user: User, id: string): Promise<ArenaSquadJson> {
    const squad = await this.find(id);
    requireSquadJoinable(squad, !!squad.teamId && !!(await this.teams.roleIn(user.id, squad.teamId)));
    await this.repo.transaction(async (tx) => {
      await tx.lockSquad(squad.id);
      if (await tx.activeWarOf(squad.id)) throw new ConflictException('The squad is at war: join once the war ends.');
      const members = await tx.members([squad.id]);
      if (members.some((m) => m.userId === user.id)) throw new ConflictException('You are already in this squad.');
      if (members.length >= SQUAD_MAX_MEMBERS)
        throw new ConflictException(`The squad is full (${SQUAD_MAX_MEMBERS} members).`);
      await tx.addMember(squad.id, user.id, this.clock.now());
    });
    return (await this.toJsonMany([squad]))[0];
  }

  /**
   * Leaves a squad. Nobody leaves a squad at war (their lineup and attacks belong to it); the captain also waits for
   * the squad's pending challenges. A leaving captain hands over to the longest-standing member; the last member
   * leaving dissolves the squad (its wars stay in the other squads' history).
   */
  async leave(user: User, id: string): Promise<{ squad: ArenaSquadJson | null; dissolved: boolean }> {
    const squad = await this.find(id);
    const dissolved = await this.repo.transaction(async (tx) => {
      await tx.lockSquad(squad.id);
      const members = await tx.members([squad.id]);
      requireSquadMember(members.some((m) => m.userId === user.id));
      if (await tx.activeWarOf(squad.id)) throw new ConflictException('The squad is at war: leave once the war ends.');
      const captain = (await tx.findSquad(squad.id))!.captainId === user.id;
      if (captain && (await tx.hasPendingChallenge(squad.id)))
        throw new ConflictException('Your squad has pending challenges: answer them or let them expire first.');
      await tx.removeMember(squad.id, user.id);
      const rest = members.filter((m) => m.userId !== user.id);
      if (rest.length === 0) await tx.dissolve(squad.id, this.clock.now());
      else if (captain) await tx.setCaptain(squad.id, rest[0].userId);
      return rest.length === 0;
    });
    if (dissolved) return { squad: null, dissolved };
    return { squad: (await this.toJsonMany([await this.find(id)]))[0], dissolved };
  }

  /** Recent wars: the viewer's squads' when `mineOnly`, else everyone's. */
  async recentWars(user: User | null, mineOnly: boolean): Promise<WarSummary[]> {
    const squadIds = mineOnly && user ? (await this.repo.squadsOf(user.id)).map((s) => s.id) : null;
    const wars = await this.repo.recentWars(squadIds, 20);
    const squads = await this.repo.findSquads([...new Set(wars.flatMap((w) => [w.homeSquadId, w.awaySquadId]))]);
    return wars.map((w) => toWarSummary(w, new Map(squads.map((s) => [s.id, s]))));
  }

  private async toJsonMany(squads: ArenaSquad[]): Promise<ArenaSquadJson[]> {
    const members = await this.repo.members(squads.map((s) => s.id));
    const users = await this.entries.creators([...members.map((m) => m.userId), ...squads.map((s) => s.captainId)]);
    return squads.map((s) => toSquadJson(s, members, users));
  }
}
