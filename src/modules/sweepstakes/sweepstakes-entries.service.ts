import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { AdminEntryPage, BonusSource, MyEntryStatus } from '../../contracts/sweepstakes';
import type { DomainEventEnvelope } from '../../contracts/events';
import type { PageQueryDto } from '../../common/page-query.dto';
import type { User } from '../users';
import type { EnterDto } from './dto/sweepstakes.dto';
import { toEntryRow } from './sweepstakes.mapper';
import { SweepstakesLive } from './sweepstakes-live.service';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import { SweepstakesEntrantsRepository } from './sweepstakes-entrants.repository';
import { SweepstakesRepository, type NewEntry } from './sweepstakes.repository';
import { ageOn, deviceKey, periodKey, regionAllowed, shareCap } from './sweepstakes.rules';
import { SweepstakesService } from './sweepstakes.service';

export interface EntryContext {
  ip: string | null;
  userAgent: string | undefined;
}

export interface BonusEntryAward {
  userId: string;
  source: BonusSource;
  /** The action's stable id (order id, referral id, share id): the same action never counts twice. */
  sourceRef: string;
  /** When the action happened (defaults to now); it counts for sweepstakes open at that instant. */
  at?: Date;
}

/**
 * Entries: the free entry form (one per person per period, eligibility checked) and bonus entries from actions
 * other modules report (purchases through `order.paid`, referrals through `awardBonusEntry`) or from a new person
 * entering through an entrant's share link. Eligibility comes before chance: a bonus entry only counts for someone
 * who holds a free entry in that sweepstakes; until then it waits ("pending until you enter"), and the free entry
 * counts it. Every counted entry weighs the same in the draw, whatever its source.
 */
@Injectable()
export class SweepstakesEntriesService {
  private readonly logger = new Logger('SweepstakesEntries');

  constructor(
    private readonly repo: SweepstakesRepository,
    private readonly entrants: SweepstakesEntrantsRepository,
    private readonly sweepstakes: SweepstakesService,
    private readonly live: SweepstakesLive,
    private readonly clock: Clock,
  ) {}

  async enter(user: User, id: string, dto: EnterDto, context: EntryContext): Promise<MyEntryStatus> {
    const s = await this.sweepstakes.loadPublic(id);
    const now = this.clock.now();
    const mine = await this.repo.entriesOf(id, user.id);
    const blocker = this.sweepstakes.entryBlocker(s, user, mine.periods);
    if (blocker) throw new ConflictException(blocker);
    if (ageOn(dto.birth_date, now) < s.rules.min_age) {
      throw ValidationFailedException.of('birth_date', `You must be at least ${s.rules.min_age} to enter.`);
    }
    if (!regionAllowed(s.rules, dto.region)) {
      throw ValidationFailedException.of('region', `This sweepstakes is not open to residents of ${dto.region}.`);
    }
    await this.repo.transaction(async (tx) => {
      const people = tx.joined(this.entrants);
      await people.lockPerson(id, user.id);
      const firstFree = !(await people.hasFreeEntry(id, user.id));
      const added = await tx.addEntry({
        sweepstakesId: id,
        userId: user.id,
        source: 'free',
        sourceRef: null,
        periodKey: periodKey(s.rules, now),
        entries: 1,
        region: dto.region,
        ip: context.ip,
        device: deviceKey(context.userAgent),
        at: now,
        counted: true,
        birthDate: dto.birth_date,
        rulesAcceptedAt: now,
      });
      // A double click racing the check above lands on the unique index instead.
      if (!added) throw new ConflictException('You have already entered for this period.');
      await people.countPending(id, user.id);
      await people.ensureShareCode(id, user.id, randomBytes(8).toString('base64url'));
      if (firstFree && dto.via) await this.creditSharer(tx, s, dto.via, user.id, now);
    });
    await this.live.entryCount(id, await this.repo.counts(id));
    return this.sweepstakes.myStatus(id, user);
  }

  /**
   * A new person's first free entry through a share link earns its owner the share bonus, up to the rules' cap.
   * Never for oneself; once per new person (the unique action index on source_ref = the new person's id).
   */
  private async creditSharer(
    tx: SweepstakesRepository,
    s: Sweepstakes,
    code: string,
    newcomerId: string,
    at: Date,
  ): Promise<void> {
    const people = tx.joined(this.entrants);
    const entries = s.rules.bonus_entries?.share ?? 0;
    const sharerId = await people.sharerOf(s.id, code);
    if (entries < 1 || !sharerId || sharerId === newcomerId) return;
    await people.lockPerson(s.id, sharerId, 'shares');
    if ((await people.sharesEarned(s.id, sharerId)) >= shareCap(s.rules)) return;
    await tx.addEntry({
      ...bonusEntry(s.id, sharerId, 'share', newcomerId, entries, at),
      counted: true, // a share code exists only once its owner has entered free
    });
  }

  /**
   * For other modules (affiliates' referrals, purchases...): credits `source` bonus entries to every sweepstakes open
   * at the action's time that grants them, pending where the person has no free entry there yet. Idempotent per
   * (sweepstakes, source, sourceRef). Returns how many sweepstakes were credited (counted or pending).
   */
  async awardBonusEntry(award: BonusEntryAward): Promise<number> {
    const at = award.at ?? this.clock.now();
    let credited = 0;
    for (const s of await this.repo.openAt(at)) {
      const entries = s.rules.bonus_entries?.[award.source] ?? 0;
      if (entries < 1) continue;
      const added = await this.repo.transaction(async (tx) => {
        const people = tx.joined(this.entrants);
        await people.lockPerson(s.id, award.userId);
        const counted = await people.hasFreeEntry(s.id, award.userId);
        return tx.addEntry({
          ...bonusEntry(s.id, award.userId, award.source, award.sourceRef, entries, at),
          counted,
        });
      });
      if (!added) continue;
      credited += 1;
      await this.live.entryCount(s.id, await this.repo.counts(s.id));
    }
    return credited;
  }

  /** `order.paid` consumer: a paid order by a signed-in buyer earns purchase bonus entries. */
  async onOrderPaid(event: DomainEventEnvelope<'order.paid'>): Promise<void> {
    const order = event.payload;
    if (!order.user_id) return;
    const credited = await this.awardBonusEntry({
      userId: order.user_id,
      source: 'purchase',
      sourceRef: order.order_id,
      at: new Date(order.paid_at),
    });
    this.logger.debug(`order ${order.order_number}: purchase entries in ${credited} sweepstakes`);
  }

  async entries(id: string, q: PageQueryDto): Promise<AdminEntryPage> {
    await this.sweepstakes.load(id);
    const { page, perPage, offset } = q.window(50);
    const [rows, total] = await this.repo.entryPage(id, offset, perPage);
    return pageOf(rows.map(toEntryRow), page, perPage, total);
  }
}

function bonusEntry(
  sweepstakesId: string,
  userId: string,
  source: BonusSource,
  sourceRef: string,
  entries: number,
  at: Date,
): Omit<NewEntry, 'counted'> {
  return {
    sweepstakesId,
    userId,
    source,
    sourceRef,
    periodKey: null,
    entries,
    region: null,
    ip: null,
    device: null,
    at,
    birthDate: null,
    rulesAcceptedAt: null,
  };
}
