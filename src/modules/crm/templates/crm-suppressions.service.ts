import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { CrmTemplatesRepository } from './templates.repository';

/**
 * The global email suppression list as other modules see it: which addresses must not be mailed, and the one way
 * to add an address (an unsubscribe from another module's mail). Addresses are compared lower-cased.
 */
@Injectable()
export class CrmSuppressionsService {
  constructor(
    private readonly repo: CrmTemplatesRepository,
    private readonly clock: Clock,
  ) {}

  /** Of these addresses, the ones on the suppression list (lower-cased). */
  isSuppressed(emails: string[]): Promise<Set<string>> {
    return this.repo.suppressed(emails.map((e) => e.trim().toLowerCase()));
  }

  async unsubscribe(email: string): Promise<void> {
    await this.repo.suppress(email.trim().toLowerCase(), 'unsubscribe', this.clock.now());
  }
}
