import type { CreatorMetricsPeriod, CreatorMetricsPreset } from '../../contracts/creator-metrics';
import { addDays, dayStart, isRealDay } from '../../common/days';
import { DAY_MS } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { CREATOR_PRESETS, DEFAULT_PRESET, MAX_RANGE_DAYS } from './creator-metrics.constants';
import type { CreatorMetricsQueryDto } from './dto/creator-metrics.dto';

export interface CreatorRange {
  from: string;
  to: string;
  preset: CreatorMetricsPreset | null;
  period: CreatorMetricsPeriod;
}

/**
 * The days a query asks for, up to and including `today`: a custom from/to when either is given (then both must be
 * real days, from ≤ to ≤ today, at most MAX_RANGE_DAYS long), else the preset (default 30 days). Each broken rule
 * is a 422 naming its field.
 */
export function rangeOf(q: CreatorMetricsQueryDto, today: string): CreatorRange {
  const period = q.period ?? 'day';
  if (q.from === undefined && q.to === undefined) {
    const preset = q.range ?? DEFAULT_PRESET;
    return { from: addDays(today, -(CREATOR_PRESETS[preset] - 1)), to: today, preset, period };
  }
  const need = (field: 'from' | 'to', value: string | undefined): string => {
    if (value === undefined)
      throw ValidationFailedException.of(field, `Give the ${field === 'from' ? 'start' : 'end'} of the range too.`);
    if (!isRealDay(value)) throw ValidationFailedException.of(field, `${value} is not a day of the calendar.`);
    return value;
  };
  const from = need('from', q.from);
  const to = need('to', q.to);
  if (from > to) throw ValidationFailedException.of('from', 'The start must be on or before the end.');
  if (to > today) throw ValidationFailedException.of('to', 'The end cannot be after today.');
  const days = (dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS)
    throw ValidationFailedException.of('from', `A range is at most ${MAX_RANGE_DAYS} days (this one is ${days}).`);
  return { from, to, preset: null, period };
}
