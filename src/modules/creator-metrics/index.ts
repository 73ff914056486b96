/** What other modules may use of creator metrics: the read service and the rollup (seeds, benches, tests). */
export { CreatorMetricsService } from './creator-metrics.service';
export { CreatorRollupService } from './creator-rollup.service';
export { CREATOR_ROLLUP_TIMER } from './creator-metrics.constants';
export type * from '../../contracts/creator-metrics';
