import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { SweepstakesAdmin, SweepstakesRules, SweepstakesState } from '../../contracts/sweepstakes';
import { TimersService } from '../jobs';
import type { User } from '../users';
import { seedCommitment } from './draw/fair-draw';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import type { AmendmentDto, RegistrationDto, SweepstakesInputDto } from './dto/sweepstakes.dto';
import { SWEEPSTAKES_CONFIG, type SweepstakesConfig } from '../../config/sweepstakes.config';
import { EDITABLE_STATES, TIMERS } from './sweepstakes.constants';
import { SweepstakesFreezeService } from './sweepstakes-freeze.service';
import { SweepstakesRepository } from './sweepstakes.repository';
import { registrationRequired, totalPrizeMinor } from './sweepstakes.rules';
import { SweepstakesService } from './sweepstakes.service';

interface TimerData {
  sweepstakesId: string;
}

/**
 * The lifecycle an admin drives: draft -> scheduled -> open -> closed (then the draw service takes over), or void.
 * Rules are edited in place only before opening; opening locks them and later changes are dated amendments.
 */
@Injectable()
export class SweepstakesAdminService {
  constructor(
    private readonly repo: SweepstakesRepository,
    private readonly sweepstakes: SweepstakesService,
    private readonly freezer: SweepstakesFreezeService,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    @Inject(SWEEPSTAKES_CONFIG) private readonly config: SweepstakesConfig,
  ) {}

  async create(admin: User, input: SweepstakesInputDto): Promise<SweepstakesAdmin> {
    const rules = this.checkedRules(input.rules);
    const saved = await this.repo.create({
      title: input.title,
      summary: input.summary,
      state: 'draft',
      createdBy: admin.id,
      ...this.derived(rules),
    });
    await this.repo.audit(saved.id, admin.id, 'created', { title: saved.title });
    return this.sweepstakes.adminDetail(saved.id);
  }

  async update(admin: User, id: string, input: SweepstakesInputDto): Promise<SweepstakesAdmin> {
    const s = await this.load(id);
    if (!EDITABLE_STATES.includes(s.state)) {
      throw new ConflictException('The rules are locked since the sweepstakes opened: add a dated amendment instead.');
    }
    const rules = this.checkedRules(input.rules);
    await this.repo.update(id, { title: input.title, summary: input.summary, ...this.derived(rules) });
    await this.repo.audit(id, admin.id, 'edited', { title: input.title });
    if (s.state === 'scheduled')
      await this.timers.at(new Date(rules.starts_at), TIMERS.open, { sweepstakesId: id }, id);
    return this.sweepstakes.adminDetail(id);
  }

  /** Arms the opening and closing timers; the open timer re-checks everything when it fires. */
  async schedule(admin: User, id: string): Promise<SweepstakesAdmin> {
    const s = await this.load(id);
    if (s.state !== 'draft') throw new ConflictException(`Only a draft can be scheduled; this one is ${s.state}.`);
    this.assertRegistered(s);
    await this.repo.update(id, { state: 'scheduled' });
    await this.repo.audit(id, admin.id, 'scheduled', { opens_at: s.opensAt.toISOString() });
    await this.timers.at(s.opensAt, TIMERS.open, { sweepstakesId: id }, id);
    return this.sweepstakes.adminDetail(id);
  }

  /** Opens now (by hand, or when the open timer fires): locks the rules and arms the closing timer. */
  async open(id: string, actor: User | null): Promise<SweepstakesAdmin> {
    const now = this.clock.now();
    const s = await this.repo.transaction(async (tx) => {
      const s = await this.load(id, tx, true);
      if (s.state !== 'draft' && s.state !== 'scheduled') {
        throw new ConflictException(`Only a draft or scheduled sweepstakes can open; this one is ${s.state}.`);
      }
      if (s.closesAt.getTime() <= now.getTime()) throw new ConflictException('The end date has already passed.');
      this.assertRegistered(s);
      const opensAt = s.opensAt.getTime() > now.getTime() ? now : s.opensAt;
      await tx.update(id, { state: 'open', lockedAt: now, openedAt: now, opensAt });
      await tx.audit(id, actor?.id ?? null, 'opened', {
        rules_locked_at: now.toISOString(),
        by: actor ? 'admin' : 'timer',
      });
      return s;
    });
    await this.timers.at(s.closesAt, TIMERS.close, { sweepstakesId: id }, id);
    return this.sweepstakes.adminDetail(id);
  }

  /**
   * Closes now: freezes the entrant list (one line per eligible person; the rest excluded with their reason),
   * publishes its SHA-256 and the commitment to a fresh secret seed. From here the outcome is fixed by data nobody
   * can change, and only the draw reveals it.
   */
  async close(id: string, actor: User | null): Promise<SweepstakesAdmin> {
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      const s = await this.load(id, tx, true);
      if (s.state !== 'open')
        throw new ConflictException(`Only an open sweepstakes can close; this one is ${s.state}.`);
      const closesAt = s.closesAt.getTime() > now.getTime() ? now : s.closesAt;
      const frozen = await this.freezer.freeze(tx, s, closesAt);
      const hash = createHash('sha256');
      for await (const chunk of tx.canonicalListChunks(id)) hash.update(chunk, 'utf8');
      const seed = randomBytes(32).toString('hex');
      await tx.update(id, {
        state: 'closed',
        closedAt: now,
        closesAt,
        frozenAt: now,
        entrantCount: frozen.people,
        entryCount: frozen.entries,
        entrantsHash: hash.digest('hex'),
        serverSeed: seed,
        seedCommitment: seedCommitment(seed),
        picksRequested: s.rules.prizes.length + s.rules.alternates,
      });
      await tx.audit(id, actor?.id ?? null, 'closed', { ...frozen });
    });
    return this.sweepstakes.adminDetail(id);
  }

  async void(admin: User, id: string): Promise<SweepstakesAdmin> {
    await this.repo.transaction(async (tx) => {
      const s = await this.load(id, tx, true);
      if (['drawing', 'drawn', 'void'].includes(s.state)) {
        throw new ConflictException(`A ${s.state} sweepstakes cannot be cancelled.`);
      }
      await tx.update(id, { state: 'void', voidedAt: this.clock.now() });
      await tx.audit(id, admin.id, 'voided', { from: s.state });
    });
    return this.sweepstakes.adminDetail(id);
  }

  async recordRegistration(admin: User, id: string, dto: RegistrationDto): Promise<SweepstakesAdmin> {
    const s = await this.load(id);
    if (!EDITABLE_STATES.includes(s.state)) throw new ConflictException('Registration is recorded before opening.');
    await this.repo.update(id, { registeredOn: dto.registered_on.slice(0, 10), registrationReference: dto.reference });
    await this.repo.audit(id, admin.id, 'registration_recorded', { ...dto });
    return this.sweepstakes.adminDetail(id);
  }

  /** A dated change to locked rules; an extended end moves the closing timer. */
  async amend(admin: User, id: string, dto: AmendmentDto): Promise<SweepstakesAdmin> {
    const now = this.clock.now();
    const s = await this.load(id);
    if (s.state !== 'open' && s.state !== 'closed') {
      throw new ConflictException(
        s.lockedAt
          ? 'The sweepstakes has been drawn: its rules can no longer change.'
          : 'Edit the rules directly until the sweepstakes opens.',
      );
    }
    const changes: Record<string, string> = {};
    if (dto.ends_at) {
      const endsAt = new Date(dto.ends_at);
      if (s.state !== 'open')
        throw ValidationFailedException.of('ends_at', 'The end can only move while entries are open.');
      if (endsAt.getTime() <= Math.max(now.getTime(), s.closesAt.getTime())) {
        throw ValidationFailedException.of('ends_at', 'An amendment may only extend the end, to a later time.');
      }
      changes.ends_at = endsAt.toISOString();
    }
    if (dto.odds_statement) changes.odds_statement = dto.odds_statement;
    if (dto.free_entry_method) changes.free_entry_method = dto.free_entry_method;
    const effectiveAt = dto.effective_at ? new Date(dto.effective_at) : now;
    await this.repo.transaction(async (tx) => {
      await tx.addAmendment({ sweepstakesId: id, summary: dto.summary, changes, effectiveAt, createdBy: admin.id });
      if (changes.ends_at) await tx.update(id, { closesAt: new Date(changes.ends_at) });
      await tx.audit(id, admin.id, 'amended', { summary: dto.summary, changes });
    });
    if (changes.ends_at) await this.timers.at(new Date(changes.ends_at), TIMERS.close, { sweepstakesId: id }, id);
    return this.sweepstakes.adminDetail(id);
  }

  // ---- timers (re-check the state and the time when they fire) ---------------------------------------------------

  async onOpenTimer({ sweepstakesId }: TimerData): Promise<SweepstakesState | null> {
    const s = await this.repo.find(sweepstakesId);
    if (!s || s.state !== 'scheduled' || s.opensAt.getTime() > this.clock.nowMs()) return s?.state ?? null;
    if (s.registrationRequired && !s.registeredOn) {
      await this.repo.audit(s.id, null, 'open_blocked', { reason: 'registration_missing' });
      return s.state;
    }
    return (await this.open(s.id, null)).state;
  }

  async onCloseTimer({ sweepstakesId }: TimerData): Promise<SweepstakesState | null> {
    const s = await this.repo.find(sweepstakesId);
    if (!s || s.state !== 'open' || s.closesAt.getTime() > this.clock.nowMs()) return s?.state ?? null;
    return (await this.close(s.id, null)).state;
  }

  // ---- helpers ----------------------------------------------------------------------------------------------------

  private async load(id: string, repo = this.repo, lock = false): Promise<Sweepstakes> {
    const s = await repo.find(id, { lock });
    if (!s) throw new NotFoundException('Sweepstakes not found.');
    return s;
  }

  private checkedRules(rules: SweepstakesRules): SweepstakesRules {
    const starts = new Date(rules.starts_at).getTime();
    const ends = new Date(rules.ends_at).getTime();
    if (!(ends > starts)) throw ValidationFailedException.of('rules.ends_at', 'The end must be after the start.');
    return {
      ...rules,
      starts_at: new Date(starts).toISOString(),
      ends_at: new Date(ends).toISOString(),
      prizes: rules.prizes.map((p) => ({
        name: p.name,
        description: p.description ?? '',
        retail_value_minor: p.retail_value_minor,
      })),
      bonus_entries: { ...rules.bonus_entries },
    };
  }

  private derived(rules: SweepstakesRules): Partial<Sweepstakes> {
    return {
      rules,
      opensAt: new Date(rules.starts_at),
      closesAt: new Date(rules.ends_at),
      totalPrizeMinor: totalPrizeMinor(rules),
      currency: rules.currency,
      registrationRequired: registrationRequired(rules, this.config),
    };
  }

  private assertRegistered(s: Sweepstakes): void {
    if (s.registrationRequired && !s.registeredOn) {
      throw new ConflictException(
        'The total prize value needs a registration in one of the eligible regions: record the registration date before opening.',
      );
    }
  }
}
