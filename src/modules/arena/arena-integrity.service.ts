import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { ArenaFlag as ArenaFlagJson } from '../../contracts/arena';
import type { Page } from '../../contracts/common';
import { AuditService, type AuditContext } from '../admin';
import { TimersService } from '../jobs';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaIntegrityRepository } from './arena-integrity.repository';
import { ArenaRatingsService } from './arena-ratings.service';
import { INTEGRITY_SCAN_TIMER } from './arena.constants';
import { toFlagJson } from './arena.mapper';
import { CLUSTER_RULES, detectClusters, windowStartOf } from './core';
import type { FlagDecisionDto, FlagsQueryDto } from './dto/arena-integrity.dto';

/**
 * Vote integrity. After votes come in, a timer scans each window once it has ended for clusters (the pure
 * detector: one network, one device or new accounts voting for one creator) and files them as flags. An admin
 * excludes a flag's votes or dismisses it; excluding replays the season's ratings from the log without those votes,
 * in the same transaction as the decision and its audit row.
 */
@Injectable()
export class ArenaIntegrityService {
  private lastScheduled: string | null = null;

  constructor(
    private readonly repo: ArenaIntegrityRepository,
    private readonly entries: ArenaEntriesService,
    private readonly ratings: ArenaRatingsService,
    private readonly audit: AuditService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
  ) {}

  /** After a vote: the scan of its window is queued once (a minute after the window ends). */
  async afterVote(seasonId: string): Promise<void> {
    const windowStart = windowStartOf(this.clock.nowMs(), CLUSTER_RULES.windowMs);
    const key = `${seasonId}:${windowStart}`;
    if (this.lastScheduled === key) return;
    const when = new Date(windowStart + CLUSTER_RULES.windowMs + 60_000);
    await this.timers.at(when, INTEGRITY_SCAN_TIMER, { seasonId, windowStart }, key);
    this.lastScheduled = key;
  }

  /** Timer: files the window's clusters (a re-scan refreshes open flags and leaves reviewed ones alone). */
  async onScan({ seasonId, windowStart }: { seasonId: string; windowStart: number }): Promise<number> {
    return this.scan(seasonId, new Date(windowStart), new Date(windowStart + CLUSTER_RULES.windowMs));
  }

  async scan(seasonId: string, from: Date, to: Date): Promise<number> {
    const rows = await this.repo.scanVotes(seasonId, from, to);
    const voters = await this.entries.creators(rows.map((r) => r.voter_id));
    const clusters = detectClusters(
      rows.map((r) => ({
        id: String(r.id),
        voterId: r.voter_id,
        favoured: r.favoured,
        ip: r.ip,
        device: r.device,
        at: new Date(r.cast_at).getTime(),
        accountAgeMs: new Date(r.cast_at).getTime() - (voters.get(r.voter_id)?.createdAt.getTime() ?? 0),
      })),
    );
    const now = this.clock.now();
    for (const c of clusters) await this.repo.upsertFlag(seasonId, c, now);
    return clusters.length;
  }

  async page(q: FlagsQueryDto): Promise<Page<ArenaFlagJson>> {
    const { page, perPage, offset } = q.window(20);
    const [rows, total] = await this.repo.flags(q.currentState(), offset, perPage);
    const creators = await this.entries.creators(rows.flatMap((f) => (f.creatorId ? [f.creatorId] : [])));
    return pageOf(
      rows.map((f) => toFlagJson(f, f.creatorId ? creators.get(f.creatorId) : undefined)),
      page,
      perPage,
      total,
    );
  }

  /** Excludes the flag's votes (ratings replayed from the log without them) or dismisses it; audited either way. */
  async decide(ctx: AuditContext, id: string, dto: FlagDecisionDto): Promise<ArenaFlagJson> {
    const flag = await this.repo.findFlag(id);
    if (!flag) throw new NotFoundException('There is no flag with that id.');
    const state = dto.decision === 'exclude' ? 'excluded' : 'dismissed';
    await this.repo.transaction(async (tx) => {
      if (!(await tx.decideFlag(flag.id, state, ctx.actor.id, this.clock.now())))
        throw new ConflictException('Someone has already reviewed this flag.');
      if (state === 'excluded') {
        await tx.excludeVotes(flag.voteIds);
        await this.ratings.recompute(flag.seasonId, tx);
      }
      await this.audit.record(
        ctx,
        {
          action: state === 'excluded' ? 'arena.votes_excluded' : 'arena.flag_dismissed',
          subject: { type: 'arena_flag', id: flag.id, label: `${flag.kind} ${flag.key}` },
          before: { state: 'open' },
          after: { state, votes: flag.voteIds.length, voters: flag.voters },
        },
        tx.manager,
      );
    });
    const saved = (await this.repo.findFlag(id))!;
    const creators = await this.entries.creators(saved.creatorId ? [saved.creatorId] : []);
    return toFlagJson(saved, saved.creatorId ? creators.get(saved.creatorId) : undefined);
  }
}
