import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../config/affiliates.config';
import type { AffiliateStatus } from '../../contracts/affiliates';
import { AffiliatesRepository } from './affiliates.repository';

/** Why money another area owes a user could not go to their payout balance (it waits in that area). */
export type PayeeRefusal = 'no_account' | 'not_approved' | 'currency';

/** Money from another area to credit to a user's payout balance, named by the record it pays for. */
export interface PayableCredit {
  userId: string;
  amountMinor: number;
  currency: string;
  /** Unique across every area (e.g. `crm-sale:<id>`): a second credit with it writes nothing. */
  sourceRef: string;
  reason: string;
}

/**
 * The affiliate account as a payee for other areas: money a user earned elsewhere (a settled lead sale in the CRM)
 * joins their affiliate payout balance, so the payout batches (minimum, tax forms, methods, holds) pay it with their
 * commissions. Only an approved account in the programme's currency is credited; the caller keeps the money
 * otherwise and tries again on `affiliate.approved` (published when an account is approved or unbanned). Accounts
 * are never made here: the programme's application (guidelines, payout method) and an admin's approval stay the
 * one way in.
 */
@Injectable()
export class AffiliatePayeesService {
  constructor(
    private readonly repo: AffiliatesRepository,
    @Inject(AFFILIATES_CONFIG) private readonly config: AffiliatesConfig,
  ) {}

  /** The user's affiliate account status (null: never applied) and the one currency payouts are made in. */
  async payeeOf(userId: string): Promise<{ status: AffiliateStatus | null; currency: string }> {
    const row = await this.repo.findAffiliate('user_id', userId);
    return { status: row?.status ?? null, currency: this.config.currency };
  }

  /**
   * Inside the caller's transaction (`within`, so the caller's own record of the transfer commits with it): the
   * amount becomes payable in the next payout batch, once per `sourceRef`. It goes to the `available` bucket
   * because that is the one payout batches pay from (availableBalances, moveBatchToTransit); `pending` is the
   * commissions' refund hold, and the caller has waited out its own (the lead sale's 72-hour dispute window). The
   * account row is locked so a ban cannot pass between the check and the credit.
   */
  async creditPayable(
    within: EntityManager,
    c: PayableCredit,
  ): Promise<{ credited: true } | { credited: false; why: PayeeRefusal }> {
    if (!Number.isSafeInteger(c.amountMinor) || c.amountMinor <= 0) {
      throw new Error(`A payable credit is a positive whole number of minor units (got ${c.amountMinor}).`);
    }
    const account = await this.repo.findAffiliate('user_id', c.userId, within, true);
    if (!account) return { credited: false, why: 'no_account' };
    if (account.status !== 'approved') return { credited: false, why: 'not_approved' };
    if (c.currency !== this.config.currency) return { credited: false, why: 'currency' };
    await this.repo.appendSourcedCredit(within, {
      affiliate_id: account.id,
      bucket: 'available',
      amount_minor: c.amountMinor,
      currency: c.currency,
      reason: c.reason,
      source_ref: c.sourceRef,
    });
    return { credited: true };
  }
}
