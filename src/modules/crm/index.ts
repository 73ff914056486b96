/** What other modules may use of the CRM: the one lead intake and the email suppression list. */
export { CrmIntakeService, type LeadSubmission, type WithinIntake } from './crm-intake.service';
export { CrmLeadsService } from './crm-leads.service';
export { CrmSuppressionsService } from './crm-suppressions.service';
export type * from '../../contracts/crm';
