import { Injectable, NotFoundException } from '@nestjs/common';
import type { FraudFlagJson } from '../../contracts/affiliates';
import { AffiliatesRepository } from './affiliates.repository';

/** Fraud flags (self-referrals refused at attribution) waiting for an admin's look; flags never ban by themselves. */
@Injectable()
export class FlagsService {
  constructor(private readonly repo: AffiliatesRepository) {}

  async open(): Promise<FraudFlagJson[]> {
    const rows = await this.repo.listFlags('open');
    return rows.map((r: FraudFlagJson & { created_at: Date }) => ({
      id: r.id,
      affiliate_id: r.affiliate_id,
      affiliate_name: r.affiliate_name,
      kind: r.kind,
      detail: r.detail,
      status: r.status,
      created_at: new Date(r.created_at).toISOString(),
    }));
  }

  async dismiss(id: string): Promise<boolean> {
    if (!(await this.repo.dismissFlag(id))) throw new NotFoundException('No such flag.');
    return true;
  }
}
