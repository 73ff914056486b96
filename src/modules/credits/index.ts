export { CreditsService, InsufficientCreditsException, type LedgerPage } from './credits.service';
export { CreditTransaction, type CreditKind } from './credit-transaction.entity';
