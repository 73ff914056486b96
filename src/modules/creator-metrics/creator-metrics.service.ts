import { createHash } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreatorContentKind, CreatorMetricsJson, PlaybackRecorded } from '../../contracts/creator-metrics';
import { Clock } from '../../common/clock';
import { isoDay } from '../../common/days';
import { PeopleService } from '../people';
import type { User } from '../users';
import { UsersService } from '../users';
import { SpotsService, WalkthroughsService } from '../video';
import { TOP_CONTENT } from './creator-metrics.constants';
import { toCreatorMetricsJson, toTopContentJson } from './creator-metrics.mapper';
import { CreatorMetricsRepository } from './creator-metrics.repository';
import { rangeOf } from './creator-range';
import type { CreatorMetricsQueryDto, PlaybackBeaconDto } from './dto/creator-metrics.dto';
import { requireMetricsReader } from './creator-metrics.policy';

/**
 * A creator's own analytics, read only from the daily rollups (so a page costs the same with a year of plays), and
 * the play beacons that feed them. A creator reads their own; admins read anyone's; anyone else gets 403.
 */
@Injectable()
export class CreatorMetricsService {
  constructor(
    private readonly repo: CreatorMetricsRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly people: PeopleService,
    private readonly spots: SpotsService,
    private readonly walkthroughs: WalkthroughsService,
  ) {}

  /** The signed-in user's own metrics. */
  own(viewer: User, q: CreatorMetricsQueryDto): Promise<CreatorMetricsJson> {
    return this.build(viewer, q);
  }

  /** A named creator's metrics: 404 for an unknown user, 403 for someone else's unless an admin asks. */
  async of(viewer: User, creatorId: string, q: CreatorMetricsQueryDto): Promise<CreatorMetricsJson> {
    const creator = await this.users.findById(creatorId);
    if (!creator) throw new NotFoundException('There is no such creator.');
    requireMetricsReader(viewer, creator.id);
    return this.build(creator, q);
  }

  private async build(creator: User, q: CreatorMetricsQueryDto): Promise<CreatorMetricsJson> {
    const { from, to, preset, period } = rangeOf(q, isoDay(this.clock.now()));
    const [rows, top, followersNow, run] = await Promise.all([
      this.repo.days(creator.id, from, to),
      this.repo.topContent(creator.id, from, to, TOP_CONTENT),
      this.people.followerCount(creator.id),
      this.repo.latestRun(),
    ]);
    const labels = await this.spots.contentLabels(top.map((t) => t.contentId));
    return toCreatorMetricsJson({
      creator,
      from,
      to,
      preset,
      period,
      rows,
      followersNow,
      top: toTopContentJson(top, labels),
      rolledUpAt: run.at,
    });
  }

  /**
   * A player's beacon for a spot or walkthrough the viewer may watch (404 otherwise, as its page answers): one view
   * per viewer (a signed-in user, else the session) and UTC day, keeping the furthest watch time and any completion,
   * so repeated beacons never count twice. The creator's own plays are not counted.
   */
  async recordPlay(
    kind: CreatorContentKind,
    slug: string,
    viewer: User | undefined,
    sessionId: string,
    dto: PlaybackBeaconDto,
  ): Promise<PlaybackRecorded> {
    const content =
      kind === 'spot'
        ? await this.spots.findViewable(viewer, slug)
        : await this.walkthroughs.findViewable(viewer, slug);
    if (viewer?.id === content.userId) return { recorded: false };
    const key = viewer ? `u:${viewer.id}` : `s:${createHash('sha256').update(sessionId).digest('hex').slice(0, 40)}`;
    await this.repo.recordPlay({
      kind,
      contentId: content.id,
      creatorId: content.userId,
      day: isoDay(this.clock.now()),
      viewer: key,
      watchMs: dto.watched_ms,
      completed: dto.completed ?? false,
    });
    return { recorded: true };
  }
}
