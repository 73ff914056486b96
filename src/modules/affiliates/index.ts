export { AttributionService, ATTRIBUTION_COOKIE } from './attribution.service';
export { ProgrammeService } from './programme.service';
export { AffiliatePayeesService, type PayableCredit, type PayeeRefusal } from './payees.service';
