import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { TimersService } from '../jobs';
import { Broadcaster } from '../realtime';
import {
  BATTLE_CHANNEL,
  BATTLE_VOTES_EVENT,
  NIGHTLY_FIT_HOUR_UTC,
  NIGHTLY_FIT_TIMER,
  SEASON_MS,
} from './arena.constants';
import { toVotesEvent } from './arena.mapper';
import { ArenaEntriesService } from './arena-entries.service';
import { ArenaRepository } from './arena.repository';
import { storedRating } from './arena.rows';
import type { ArenaSeason } from './entities/arena.entity';
import { fitWithIntervals, freshRating, replayVotes, softReset, type LiveRating } from './core';

/** A season just closed: the next one opened and the battles the close ended. */
interface SeasonClosed {
  season: ArenaSeason;
  next: ArenaSeason;
  ended: string[];
}

/**
 * Ratings from the vote log. `recompute` replays the season's counted votes (excluded ones left out) from each
 * entry's season start rating with the same function the live path uses, so with nothing excluded it writes back
 * exactly the live figures. `fit` is the nightly Bradley-Terry refit with bootstrapped intervals, seeded by the
 * season and its vote count so the same log always gives the same intervals.
 */
@Injectable()
export class ArenaRatingsService {
  constructor(
    private readonly repo: ArenaRepository,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    private readonly entries: ArenaEntriesService,
    private readonly broadcaster: Broadcaster,
  ) {}

  /** Schedules the next nightly refit (one timer per night: the same night is queued once). */
  async scheduleNightlyFit(): Promise<void> {
    const now = this.clock.now();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_FIT_HOUR_UTC));
    if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
    await this.timers.at(next, NIGHTLY_FIT_TIMER, { night: next.toISOString() }, 'nightly');
  }

  /** Nightly timer: refits the active season, then schedules the next night. */
  async onNightlyFit(): Promise<void> {
    const season = await this.repo.activeSeason();
    if (season) await this.fit(season.id);
    await this.scheduleNightlyFit();
  }

  /**
   * Closes the active season and opens the next: every entry carries over with its rating moved halfway to the
   * season's mean and its deviation raised (the soft reset), as the new season's start rating for the replay.
   */
  async rollover(name: string): Promise<ArenaSeason> {
    const closed = await this.repo.transaction(async (tx) => {
      const current = await tx.activeSeason();
      const closed = current && (await this.closeAndOpen(tx, current, name));
      if (!closed) throw new ConflictException('There is no active season to close.');
      return closed;
    });
    await this.afterClose(closed);
    return closed.next;
  }

  /**
   * Timer at a season's end date: closes it and opens the next, once. A firing for a season already closed (by an
   * admin's rollover or an earlier firing), or before its end date, does nothing.
   */
  async onSeasonClose({ seasonId }: { seasonId: string }): Promise<void> {
    const closed = await this.repo.transaction(async (tx) => {
      const current = await tx.activeSeason();
      if (!current || current.id !== seasonId || this.clock.now() < current.endsAt) return null;
      const [, total] = await tx.seasons(0, 1);
      return this.closeAndOpen(tx, current, `Season ${total + 1}`);
    });
    if (closed) await this.afterClose(closed);
  }

  /**
   * After a close commits: the closed season's final Bradley-Terry fit (its frozen leaderboard's intervals and rank
   * ranges), the battles it ended go out to their watchers, and the next season's own close is queued.
   */
  private async afterClose({ season, next, ended }: SeasonClosed): Promise<void> {
    await this.fit(season.id);
    for (const battle of await this.repo.findBattles(ended))
      await this.broadcaster.broadcast(BATTLE_CHANNEL(battle.id), BATTLE_VOTES_EVENT, toVotesEvent(battle));
    await this.entries.scheduleClose(next);
  }

  /**
   * Closes `current` (once: a concurrent close finds it closed and gets null) and opens the next season. The closed
   * season's leaderboard is frozen: its battles still taking votes end now (live rounds and war attacks alike, so no
   * later vote moves a closed season's ratings), and its entries carry over to the next season.
   */
  private async closeAndOpen(tx: ArenaRepository, current: ArenaSeason, name: string): Promise<SeasonClosed | null> {
    const now = this.clock.now();
    if (!(await tx.closeSeason(current.id, now))) return null;
    const ended = await tx.closeSeasonBattles(current.id, now);
    const next = await tx.ensureActiveSeason({ name, startsAt: now, endsAt: new Date(now.getTime() + SEASON_MS) });
    const entries = await tx.seasonEntries(current.id);
    for (const e of softReset(entries)) {
      await tx.createEntry({ ...e, seasonId: next.id, startRating: e.rating, startRd: e.rd, createdAt: now });
    }
    return { season: current, next, ended };
  }

  /** Replays the season's counted votes (inside the caller's transaction when given its repository). */
  async recompute(seasonId: string, repo: ArenaRepository = this.repo): Promise<{ votes: number }> {
    return repo.transaction(async (tx) => {
      const entries = await tx.seasonEntries(seasonId);
      if (entries.length === 0) return { votes: 0 };
      await tx.lockEntries(entries.map((e) => e.id));
      const log = await tx.voteLog(seasonId);
      const start = new Map(
        entries.map((e) => [e.id, { ...freshRating(), rating: e.startRating, rd: e.startRd } as LiveRating]),
      );
      const byEntry = replayVotes(log, start);
      await tx.saveEntryRatings(entries.map((e) => ({ id: e.id, ...storedRating(byEntry.get(e.id)!) })));
      const byCreator = replayVotes(log.map((v) => ({ ...v, a: v.creator_a, b: v.creator_b })));
      await tx.resetCreatorRatings(seasonId);
      await tx.saveCreatorRatings(
        seasonId,
        [...byCreator].map(([creatorId, r]) => ({ creatorId, ...storedRating(r) })),
      );
      await tx.recountBattles(seasonId);
      return { votes: log.length };
    });
  }

  /** The Bradley-Terry refit of a season (the nightly job runs it for the active season). */
  async fit(seasonId: string): Promise<{ entries: number; votes: number }> {
    const season = await this.repo.findSeason(seasonId);
    if (!season) throw new NotFoundException('There is no season with that id.');
    const log = await this.repo.voteLog(seasonId);
    const rows = fitWithIntervals(log, `${seasonId}:${log.length}`);
    await this.repo.transaction(async (tx) => {
      for (const r of rows) {
        await tx.saveFit(r.id, {
          btRating: r.rating,
          btLower: r.lower,
          btUpper: r.upper,
          rankBest: r.rank_best,
          rankWorst: r.rank_worst,
        });
      }
      await tx.updateSeason(seasonId, { fittedAt: this.clock.now(), fitVotes: log.length });
    });
    return { entries: rows.length, votes: log.length };
  }
}
