export { CreditsService, InsufficientCreditsException } from './credits.service';
