import { Injectable } from '@nestjs/common';
import type { ExclusionReason } from '../../contracts/sweepstakes';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import { SweepstakesEntrantsRepository, type FrozenEntrant } from './sweepstakes-entrants.repository';
import type { SweepstakesRepository } from './sweepstakes.repository';
import { entrantRef, exclusionOf } from './sweepstakes.rules';

export interface FrozenList {
  people: number;
  entries: number;
  excluded: number;
}

/**
 * The freeze, inside the close's transaction: every person's entries are read back and eligibility is checked
 * again (`exclusionOf`); the eligible become the frozen entrant list (one line per person with their counted
 * entries, under the public pseudonym `entrantRef`), everyone else an exclusion with its reason, shown to the admin
 * before the draw and counted on the public Verify page. Only the frozen list can be drawn from.
 */
@Injectable()
export class SweepstakesFreezeService {
  constructor(private readonly entrants: SweepstakesEntrantsRepository) {}

  async freeze(tx: SweepstakesRepository, s: Sweepstakes, closedAt: Date): Promise<FrozenList> {
    const people = tx.joined(this.entrants);
    const eligible: FrozenEntrant[] = [];
    const excluded: Array<{ userId: string; reason: ExclusionReason; entries: number }> = [];
    for (const p of await people.peopleFacts(s.id)) {
      const reason = exclusionOf(
        {
          freeEntries: p.free_entries,
          unacceptedFreeEntries: p.unaccepted,
          birthDate: p.birth_date,
          regions: p.regions,
          accountClosed: p.account_closed,
        },
        s.rules,
        closedAt,
      );
      if (reason) excluded.push({ userId: p.user_id, reason, entries: p.all_entries });
      else
        eligible.push({
          ref: entrantRef(s.id, p.user_id),
          userId: p.user_id,
          entries: p.counted_entries,
          emailKey: p.email_key,
          accountCreatedAt: p.account_created_at,
          firstIp: p.first_ip,
          firstDevice: p.first_device,
          firstEntryAt: p.first_entry_at!,
        });
    }
    await people.insertEntrants(s.id, eligible);
    await people.insertExclusions(s.id, excluded);
    const entries = eligible.reduce((n, e) => n + e.entries, 0);
    return { people: eligible.length, entries, excluded: excluded.length };
  }
}
