import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { isUuid } from '../../common/uuid.pipe';
import type { PageQueryDto } from '../../common/page-query.dto';
import { ValidationFailedException } from '../../common/validation';
import {
  DESIGN_CATEGORIES,
  SPOT_CATEGORIES,
  type ArenaCategory,
  type ArenaEntry as ArenaEntryJson,
  type ArenaSeason as ArenaSeasonJson,
  type CreatorBoardRow,
  type LeaderboardRow,
} from '../../contracts/arena';
import type { Page } from '../../contracts/common';
import { DesignsService, type HeldAction } from '../designs';
import { TeamsService } from '../teams';
import { UsersService, type User } from '../users';
import { SpotsService, type SpotHeldAction } from '../video';
import { SEASON_CLOSE_TIMER, SEASON_MS } from './arena.constants';
import { TimersService } from '../jobs';
import { toCreatorJson, toEntryJson, toSeasonJson } from './arena.mapper';
import { ArenaRepository } from './arena.repository';
import type { BoardQueryDto, EnterDto } from './dto/arena.dto';
import type { ArenaEntry, ArenaSeason } from './entities/arena.entity';
import { requireOwnWork } from './arena.policy';

/** What an entered design or spot must keep doing until its season ends, by the change refused. */
const HOLD_RULES: Record<HeldAction | SpotHeldAction, string> = {
  unshare: 'stays shared',
  delete: 'cannot be deleted',
  unpublish: 'stays published',
  replace_video: 'keeps its video',
  delete_video: 'keeps its video (the video cannot be deleted)',
};

interface EnteredWork {
  sourceId: string;
  creatorId: string;
  title: string;
  image: string | null;
  link: string | null;
}

/** Seasons and entries: a creator enters their own finished design or published spot; every entry is public. */
@Injectable()
export class ArenaEntriesService {
  constructor(
    private readonly repo: ArenaRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly designs: DesignsService,
    private readonly spots: SpotsService,
    private readonly teams: TeamsService,
    private readonly timers: TimersService,
  ) {}

  /** The active season; the first one starts on its own when nobody has opened one. */
  async currentSeason(): Promise<ArenaSeason> {
    const active = await this.repo.activeSeason();
    if (active) return active;
    const now = this.clock.now();
    const season = await this.repo.ensureActiveSeason({
      name: 'Season 1',
      startsAt: now,
      endsAt: new Date(now.getTime() + SEASON_MS),
    });
    await this.scheduleClose(season);
    return season;
  }

  /** The season closes itself at its end date (a timer re-checked on fire; the same season is queued once). */
  async scheduleClose(season: ArenaSeason): Promise<void> {
    await this.timers.at(season.endsAt, SEASON_CLOSE_TIMER, { seasonId: season.id }, season.id);
  }

  /**
   * Every entered variant stays public: while a design or spot is entered in the running season (entries carry over
   * to the next season), its creator may not unshare or delete the design, nor unpublish the spot, swap its video or
   * delete that video. The designs and video modules ask this through their hold registries and answer 409 with it.
   */
  async publicHold(
    kind: ArenaEntry['kind'],
    sourceId: string,
    action: HeldAction | SpotHeldAction,
  ): Promise<string | null> {
    const season = await this.repo.sourceInActiveSeason(kind, sourceId);
    if (!season) return null;
    const until = season.endsAt.toISOString().slice(0, 10);
    const rule = HOLD_RULES[action];
    return `This ${kind} is entered in the arena's ${season.name}, so it ${rule} until the season ends (${until}).`;
  }

  async enter(user: User, dto: EnterDto): Promise<ArenaEntryJson> {
    const kindCategories: readonly string[] = dto.kind === 'design' ? DESIGN_CATEGORIES : SPOT_CATEGORIES;
    if (!kindCategories.includes(dto.category))
      throw ValidationFailedException.of('category', `A ${dto.kind} enters one of: ${kindCategories.join(', ')}.`);
    const work = dto.kind === 'design' ? await this.design(user, dto.source) : await this.spot(user, dto.source);
    const season = await this.currentSeason();
    // The creator's (first) shared team: entries of one team never meet in matchmaking.
    const team = (await this.teams.memberships(user.id)).find((m) => !m.personal);
    const entry = await this.repo.createEntry({
      seasonId: season.id,
      category: dto.category,
      kind: dto.kind,
      ...work,
      teamId: team?.id ?? null,
      createdAt: this.clock.now(),
    });
    if (!entry) throw ValidationFailedException.of('source', 'This is already entered in that category.');
    return toEntryJson(entry, user);
  }

  /** A finished design of this user's, shared so every entered variant stays public. */
  private async design(user: User, id: string): Promise<EnteredWork> {
    if (!isUuid(id)) throw new NotFoundException('There is no design with that id.');
    const found = await this.designs.owned(user, id);
    requireOwnWork(user, found.userId, 'You can only enter your own designs.');
    if (found.status !== 'completed' || !found.image)
      throw ValidationFailedException.of('source', 'Only a finished design can be entered.');
    const json = this.designs.toJson(await this.designs.share(user, id));
    const title = [json.options.theme, json.options.roomType].filter(Boolean).join(' ') || 'Room design';
    return { sourceId: found.id, creatorId: user.id, title, image: json.image, link: json.share_url };
  }

  /** A published spot of this user's. */
  private async spot(user: User, slug: string): Promise<EnteredWork> {
    const found = await this.spots.findBySlug(slug);
    requireOwnWork(user, found.userId, 'You can only enter your own spots.');
    const json = await this.spots.toJson(found, null);
    if (!found.published) throw ValidationFailedException.of('source', 'Publish the spot before entering it.');
    return {
      sourceId: found.id,
      creatorId: user.id,
      title: found.title || 'Listing spot',
      image: json.video?.poster ?? null,
      link: json.embed_url,
    };
  }

  async find(id: string): Promise<ArenaEntry> {
    const entry = await this.repo.findEntry(id);
    if (!entry) throw new NotFoundException('There is no entry with that id.');
    return entry;
  }

  async mine(user: User): Promise<ArenaEntryJson[]> {
    const season = await this.currentSeason();
    const entries = await this.repo.entriesOf(user.id, season.id);
    return entries.map((e) => toEntryJson(e, user));
  }

  async board(q: BoardQueryDto): Promise<Page<LeaderboardRow>> {
    const season = q.season_id ? await this.repo.findSeason(q.season_id) : await this.currentSeason();
    if (!season) throw new NotFoundException('There is no season with that id.');
    const { page, perPage, offset } = q.window(20);
    const [rows, total] = await this.repo.board(season.id, q.category ?? null, offset, perPage);
    const json = await this.toJsonMany(rows);
    return pageOf(
      json.map((entry, i) => ({ entry, position: offset + i + 1 })),
      page,
      perPage,
      total,
    );
  }

  async seasons(q: PageQueryDto): Promise<Page<ArenaSeasonJson>> {
    await this.currentSeason();
    const { page, perPage, offset } = q.window(20);
    const [rows, total] = await this.repo.seasons(offset, perPage);
    return pageOf(rows.map(toSeasonJson), page, perPage, total);
  }

  async season(id: string): Promise<ArenaSeason> {
    const season = await this.repo.findSeason(id);
    if (!season) throw new NotFoundException('There is no season with that id.');
    return season;
  }

  /** The season's creators by live creator rating (top 20). */
  async creatorBoard(seasonId: string): Promise<CreatorBoardRow[]> {
    const rows = await this.repo.creatorBoard(seasonId, 20);
    const creators = await this.creators(rows.map((r) => r.creatorId));
    return rows.map((r) => ({
      creator: toCreatorJson(creators.get(r.creatorId)),
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      battles: r.battles,
    }));
  }

  async toJsonMany(entries: ArenaEntry[]): Promise<ArenaEntryJson[]> {
    const creators = await this.creators(entries.map((e) => e.creatorId));
    return entries.map((e) => toEntryJson(e, creators.get(e.creatorId)));
  }

  async creators(ids: string[]): Promise<Map<string, User>> {
    return new Map((await this.users.findByIds(ids)).map((u) => [u.id, u]));
  }

  categories(): ArenaCategory[] {
    return [...DESIGN_CATEGORIES, ...SPOT_CATEGORIES];
  }
}
