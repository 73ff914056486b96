export { AttributionService, ATTRIBUTION_COOKIE } from './attribution.service';
export { ProgrammeService } from './programme.service';
