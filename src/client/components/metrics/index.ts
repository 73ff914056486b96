// The metrics pages' shared pieces (admin Metrics and the creator's Metrics/Creator): charts from components/charts.
export { PeriodSwitch } from './PeriodSwitch';
export { SeriesGrid, type SeriesCardData } from './SeriesGrid';
export { formatCreatorMetric, formatDuration } from './format';
