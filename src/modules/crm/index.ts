/** What other modules may use of the CRM: the one lead intake. */
export { CrmIntakeService, type LeadSubmission } from './crm-intake.service';
export type * from '../../contracts/crm';
