import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { addDays, dayStart, firstDayToRoll, isoDay } from '../../common/days';
import { CrmLeadsService } from '../crm';
import { DesignsService } from '../designs';
import { TimersService } from '../jobs';
import { PeopleService } from '../people';
import { CREATOR_BACKFILL_DAYS, CREATOR_ROLLUP_EVERY_MINUTES, CREATOR_ROLLUP_TIMER } from './creator-metrics.constants';
import { CreatorMetricsRepository } from './creator-metrics.repository';

/**
 * The creator rollup: a timer chain (a delayed job on the timers queue that re-arms itself on each boundary) rolls
 * each day's plays, new follows, design shares and listing inquiries into per-creator and per-content rows. A day's
 * rollup replaces that day's rows, so running it twice, or on two nodes, gives the same rows.
 */
@Injectable()
export class CreatorRollupService {
  constructor(
    private readonly repo: CreatorMetricsRepository,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    private readonly people: PeopleService,
    private readonly designs: DesignsService,
    private readonly leads: CrmLeadsService,
  ) {}

  /** Arms the next run on the next boundary (every node asks for the same job id, so one runs). */
  async scheduleNext(): Promise<void> {
    await this.timers.atNextBoundary(CREATOR_ROLLUP_TIMER, CREATOR_ROLLUP_EVERY_MINUTES);
  }

  /**
   * Rolls up from the day before the latest rolled day (late beacons land there) through today; the first run
   * back-fills CREATOR_BACKFILL_DAYS.
   */
  async rollup(): Promise<{ days: number }> {
    const today = isoDay(this.clock.now());
    const { day: latest } = await this.repo.latestRun();
    let days = 0;
    for (let day = firstDayToRoll(latest, today, CREATOR_BACKFILL_DAYS); day <= today; day = addDays(day, 1), days++)
      await this.rollupDay(day);
    return { days };
  }

  /** One UTC day's rollup from the raw rows (tests and back-fills call it for any day). */
  async rollupDay(day: string): Promise<void> {
    const [start, end] = [dayStart(day), dayStart(addDays(day, 1))];
    const [followers, shares, inquiries] = await Promise.all([
      this.people.newFollowersBetween(start, end),
      this.designs.sharesBetween(start, end),
      this.leads.inquiriesByRealtorBetween(start, end),
    ]);
    await this.repo.rollupDay(day, this.clock.now(), { followers, shares, inquiries });
  }
}
