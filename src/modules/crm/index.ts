/** What other modules may use of the CRM: the one lead intake and the email suppression list. */
export { CrmIntakeService, type LeadSubmission, type WithinIntake } from './leads/crm-intake.service';
export { CrmLeadsService } from './leads/crm-leads.service';
export { CrmSuppressionsService } from './templates/crm-suppressions.service';
export type * from '../../contracts/crm';
