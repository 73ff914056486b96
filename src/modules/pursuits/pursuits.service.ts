import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { Pursuit, PursuitPage } from '../../contracts/pursuits';
import { TeamsService } from '../teams';
import { type User, UsersService } from '../users';
import type { CreatePursuitDto, UpdateMilestoneDto, UpdatePursuitDto } from './dto/pursuits.dto';
import { toPursuitJson } from './pursuits.mapper';
import { PursuitsRepository, type PursuitRow } from './pursuits.repository';
import { requireOwner, requireReader } from './pursuits.policy';

export const MAX_MILESTONES = 30;

/**
 * Pursuits: the owner's goals with a target, progress and milestones; private, or shared read-only with one of
 * the owner's teams. Only the owner changes one; completed when progress reaches the target.
 */
@Injectable()
export class PursuitsService {
  constructor(
    private readonly repo: PursuitsRepository,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  async list(user: User, scope: 'mine' | 'team', page: number, perPage: number): Promise<PursuitPage> {
    const memberships = await this.teams.memberships(user.id);
    const by = scope === 'mine' ? { ownerId: user.id } : { teamIds: memberships.map((m) => m.id) };
    const [rows, total] = await this.repo.list(by, (page - 1) * perPage, perPage);
    const teamNames = new Map(memberships.map((m) => [m.id, m.name]));
    return pageOf(await this.toJson(rows, user, teamNames), page, perPage, total);
  }

  async show(user: User, id: string): Promise<Pursuit> {
    return (await this.toJson([await this.readable(user, id)], user))[0];
  }

  async create(user: User, dto: CreatePursuitDto): Promise<Pursuit> {
    const row = await this.repo.create(
      user.id,
      {
        title: dto.title.trim(),
        description: dto.description?.trim() ?? '',
        unit: dto.unit?.trim() ?? '',
        target: dto.target,
        progress: dto.progress ?? 0,
        due_on: dto.due_on ?? null,
        shared_team_id: await this.teamFor(user, dto.team_id),
      },
      this.clock.now(),
    );
    return this.show(user, row.id);
  }

  async update(user: User, id: string, dto: UpdatePursuitDto): Promise<Pursuit> {
    await this.owned(user, id);
    await this.repo.update(
      id,
      {
        title: dto.title?.trim(),
        description: dto.description?.trim(),
        unit: dto.unit?.trim(),
        target: dto.target,
        progress: dto.progress,
        due_on: dto.due_on,
        shared_team_id: dto.team_id === undefined ? undefined : await this.teamFor(user, dto.team_id),
      },
      this.clock.now(),
    );
    return this.show(user, id);
  }

  async remove(user: User, id: string): Promise<void> {
    await this.owned(user, id);
    await this.repo.remove(id);
  }

  async addMilestone(user: User, id: string, title: string): Promise<Pursuit> {
    await this.owned(user, id);
    if ((await this.repo.milestoneCount(id)) >= MAX_MILESTONES)
      throw ValidationFailedException.of('title', `A pursuit has at most ${MAX_MILESTONES} milestones.`);
    await this.repo.addMilestone(id, title.trim());
    return this.touch(user, id);
  }

  async updateMilestone(user: User, milestoneId: string, dto: UpdateMilestoneDto): Promise<Pursuit> {
    const m = await this.milestone(user, milestoneId);
    const doneAt = dto.done === undefined ? undefined : dto.done ? (m.done_at ?? this.clock.now()) : null;
    await this.repo.setMilestone(m.id, { title: dto.title?.trim(), done_at: doneAt });
    return this.touch(user, m.pursuit_id);
  }

  async removeMilestone(user: User, milestoneId: string): Promise<Pursuit> {
    const m = await this.milestone(user, milestoneId);
    await this.repo.removeMilestone(m.id);
    return this.touch(user, m.pursuit_id);
  }

  private async touch(user: User, id: string): Promise<Pursuit> {
    await this.repo.update(id, {}, this.clock.now());
    return this.show(user, id);
  }

  /** The milestone, for its pursuit's owner only (404 unknown, 403 anyone else). */
  async milestone(user: User, milestoneId: string) {
    const m = await this.repo.milestone(milestoneId);
    if (!m) throw new NotFoundException('There is no milestone with that id.');
    await this.owned(user, m.pursuit_id);
    return m;
  }

  /** The owner, or a member of the team it is shared with. */
  private async readable(user: User, id: string): Promise<PursuitRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundException('There is no pursuit with that id.');
    if (row.owner_id === user.id) return row;
    requireReader(!!row.shared_team_id && !!(await this.teams.roleIn(user.id, row.shared_team_id)));
    return row;
  }

  /** The pursuit, for its owner only: a teammate it is shared with reads it but may not change it. */
  async owned(user: User, id: string): Promise<PursuitRow> {
    const row = await this.readable(user, id);
    requireOwner(user, row);
    return row;
  }

  /** A team to share with must be one of the owner's; null keeps the pursuit private. */
  private async teamFor(user: User, teamId: string | null | undefined): Promise<string | null> {
    if (!teamId) return null;
    if (!(await this.teams.roleIn(user.id, teamId)))
      throw ValidationFailedException.of('team_id', 'Choose one of your teams.');
    return teamId;
  }

  private async toJson(rows: PursuitRow[], viewer: User, teamNames = new Map<string, string>()): Promise<Pursuit[]> {
    const [owners, milestones] = await Promise.all([
      this.users.findByIds([...new Set(rows.map((r) => r.owner_id))]),
      this.repo.milestones(rows.map((r) => r.id)),
    ]);
    const ownerById = new Map(owners.map((u) => [u.id, u]));
    for (const r of rows)
      if (r.shared_team_id && !teamNames.has(r.shared_team_id))
        teamNames.set(r.shared_team_id, (await this.teams.findTeam(r.shared_team_id))?.name ?? 'A team');
    return rows.map((r) =>
      toPursuitJson(
        r,
        ownerById.get(r.owner_id),
        milestones.filter((m) => m.pursuit_id === r.id),
        r.shared_team_id ? { id: r.shared_team_id, name: teamNames.get(r.shared_team_id)! } : null,
        viewer.id,
      ),
    );
  }
}
