import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { CreditsService } from '../../credits';
import { TimersService } from '../../jobs';
import { CrmCampaignsRepository } from './campaigns.repository';
import { TIMERS } from '../crm.constants';

/**
 * Credits reserved for a credits code (paid by its maker when the code was made) go back to the maker when the code
 * expires unredeemed: a timer at the batch's expiry, re-checked when it fires; each code is returned once (its
 * expiry row and the ledger's refund row commit together, under the code's lock, which its redemption takes too).
 */
@Injectable()
export class CrmCodeExpiryService {
  constructor(
    private readonly repo: CrmCampaignsRepository,
    private readonly credits: CreditsService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
  ) {}

  /** After a batch of credits codes commits: the return is due when they expire. */
  async schedule(campaignId: string, expiresAt: Date): Promise<void> {
    const data = { campaignId };
    await this.timers.at(expiresAt, TIMERS.codesExpire, data, `crm-codes:${campaignId}:${expiresAt.getTime()}`);
  }

  /** Timer: every expired, unredeemed, unreturned credits code of the campaign gives its credits back; the count. */
  async onExpire({ campaignId }: { campaignId: string }): Promise<number> {
    const now = this.clock.now();
    let returned = 0;
    for (const code of await this.repo.expiredUnreturned(campaignId, now)) {
      const done = await this.repo.transaction(async (tx) => {
        await tx.lockCode(tx.manager, code.id);
        if (code.expiresAt > now || (await tx.redeemedAt(code.id))) return false;
        const once = await tx.insertExpiry(tx.manager, {
          codeId: code.id,
          returnedTo: code.fundedBy,
          credits: code.credits,
          at: now,
        });
        if (!once || !code.fundedBy) return false;
        const why = `Credits code ${code.code} expired unredeemed: credits returned`;
        await this.credits.refund(code.fundedBy, code.credits, why, tx.manager);
        return true;
      });
      if (done) returned += 1;
    }
    return returned;
  }
}
