import { IsBoolean, IsIn, IsString, Matches } from 'class-validator';
import { IntBetween } from '../../../common/dto-fields';
import type { CreatorMetricsPeriod, CreatorMetricsPreset } from '../../../contracts/creator-metrics';
import { MayBeOmitted } from '../../../common/validation';
import { CREATOR_PERIODS, CREATOR_PRESETS, MAX_WATCH_MS } from '../creator-metrics.constants';

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The range and grouping of a creator's metrics: a preset (7, 30 or 90 days up to today) or a custom from/to
 * (YYYY-MM-DD, both given); the range rules (from ≤ to, real dates, not past today, at most MAX_RANGE_DAYS) are
 * checked by the service, which answers 422 naming the field.
 */
export class CreatorMetricsQueryDto {
  @MayBeOmitted()
  @IsIn(Object.keys(CREATOR_PRESETS), { message: 'Choose 7d, 30d or 90d.' })
  range?: CreatorMetricsPreset;

  @MayBeOmitted()
  @IsString()
  @Matches(DAY, { message: 'Give the start as a date (YYYY-MM-DD).' })
  from?: string;

  @MayBeOmitted()
  @IsString()
  @Matches(DAY, { message: 'Give the end as a date (YYYY-MM-DD).' })
  to?: string;

  @MayBeOmitted()
  @IsIn(CREATOR_PERIODS, { message: 'Group by day, week or month.' })
  period?: CreatorMetricsPeriod;
}

/** A player's report on one play: how long was watched so far, and whether it reached the end. */
export class PlaybackBeaconDto {
  @IntBetween(0, MAX_WATCH_MS, { notInt: 'The watch time is whole milliseconds.' })
  watched_ms!: number;

  @MayBeOmitted()
  @IsBoolean()
  completed?: boolean;
}
