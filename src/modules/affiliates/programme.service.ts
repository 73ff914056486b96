import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { iso } from '../../common/iso';
import { ValidationFailedException } from '../../common/validation';
import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../config/affiliates.config';
import type {
  AffiliateAuditJson,
  AffiliateJson,
  GuidelinesJson,
  PayoutMethod,
  RecruitJson,
} from '../../contracts/affiliates';
import { DomainEvents } from '../events';
import { NotificationsService } from '../notifications';
import type { User } from '../users';
import { emailKey, isUsdcAddress } from './affiliate-rules';
import { toAffiliateJson } from './affiliates.mapper';
import { AffiliatesRepository } from './affiliates.repository';
import { move, type AffiliateRow, type LedgerEntry } from './affiliates.types';
import type { ApplyDto, PayoutSettingsDto } from './dto/affiliates.dto';
import { offeredPayoutMethods } from './payouts/payout-drivers';
import { PayoutsRepository } from './payouts/payouts.repository';
import { requireApproved, requireNotBanned } from './affiliates.policy';

/** Applications, guidelines and the approve / reject / ban / unban lifecycle. */
@Injectable()
export class ProgrammeService {
  constructor(
    private readonly repo: AffiliatesRepository,
    private readonly payouts: PayoutsRepository,
    private readonly notifications: NotificationsService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    @Inject(AFFILIATES_CONFIG) private readonly config: AffiliatesConfig,
  ) {}

  /** The programme's terms as the public Landing page shows them. */
  async terms() {
    const c = this.config;
    const rule = await this.repo.ruleFor('*');
    return {
      currency: c.currency,
      default_rate_bps: rule.kind === 'percent' ? rule.rate_bps : 0,
      attribution_days: c.attributionDays,
      hold_days: c.holdDays,
      override_bps: c.overrideBps,
      minimum_payout_minor: c.minimumPayoutMinor,
      payout_day: c.payoutDay,
      payout_methods: this.payoutMethods(),
    };
  }

  async guidelines(): Promise<GuidelinesJson | null> {
    const row = await this.repo.currentGuidelines();
    return row && { version: row.version, body: row.body, published_at: new Date(row.published_at).toISOString() };
  }

  async publishGuidelines(admin: User, body: string): Promise<GuidelinesJson> {
    const row = await this.repo.publishGuidelines(body, admin.id);
    return { version: row.version, body: row.body, published_at: new Date(row.published_at).toISOString() };
  }

  /** The raw record of a user's (or an id's) affiliate account, or null. */
  row(by: { userId: string } | { id: string }): Promise<AffiliateRow | null> {
    return 'userId' in by ? this.repo.findAffiliate('user_id', by.userId) : this.repo.findAffiliate('id', by.id);
  }

  /** The approved affiliate with this referral code (any case), as discount codes name their owner; else null. */
  async approvedByCode(code: string): Promise<{ code: string } | null> {
    const row = await this.repo.findAffiliate('code', code);
    return row?.status === 'approved' ? { code: row.code } : null;
  }

  /** The signed-in user's affiliate record, or null when they never applied. */
  async mine(user: User): Promise<AffiliateJson | null> {
    const row = await this.repo.findAffiliate('user_id', user.id);
    return row && this.toJson(row);
  }

  /** The caller's approved affiliate record; pages of the programme need one. */
  async requireApproved(user: User): Promise<AffiliateRow> {
    const row = await this.repo.findAffiliate('user_id', user.id);
    if (!row) throw new NotFoundException('You are not in the affiliate programme yet.');
    requireApproved(row.status);
    return row;
  }

  async apply(user: User, dto: ApplyDto): Promise<AffiliateJson> {
    if (await this.repo.findAffiliate('user_id', user.id)) throw new ConflictException('You have already applied.');
    await this.assertCurrentGuidelines(dto.accepted_guidelines_version, 'accepted_guidelines_version');
    const destination = this.checkDestination(
      dto.payout_method,
      dto.payout_destination,
      dto.payout_destination_confirmation,
    );
    const recruiter = dto.recruiter_code ? await this.repo.findAffiliate('code', dto.recruiter_code) : null;
    if (dto.recruiter_code && (!recruiter || recruiter.status !== 'approved'))
      throw ValidationFailedException.of('recruiter_code', 'No active affiliate has that code.');
    const id = await this.repo.insertAffiliate(this.repo.db, {
      user_id: user.id,
      code: await this.uniqueCode(user),
      website: dto.website ?? null,
      audience: dto.audience,
      payout_method: dto.payout_method,
      payout_destination: destination,
      accepted_guidelines_version: dto.accepted_guidelines_version,
      recruiter_id: recruiter?.id ?? null,
      email_key: emailKey(user.email),
    });
    await this.repo.audit(this.repo.db, id, user.id, 'applied', null);
    return this.toJson((await this.repo.findAffiliate('id', id))!);
  }

  async acceptGuidelines(user: User, version: number): Promise<AffiliateJson> {
    const row = await this.requireAny(user);
    await this.assertCurrentGuidelines(version, 'version');
    await this.repo.updateAffiliate(this.repo.db, row.id, { accepted_guidelines_version: version });
    await this.repo.audit(this.repo.db, row.id, user.id, 'accepted_guidelines', null, { version });
    return this.toJson({ ...row, accepted_guidelines_version: version });
  }

  async updatePayoutSettings(user: User, dto: PayoutSettingsDto): Promise<AffiliateJson> {
    const row = await this.requireAny(user);
    const destination = this.checkDestination(
      dto.payout_method,
      dto.payout_destination,
      dto.payout_destination_confirmation,
    );
    await this.repo.setPayoutMethod(this.repo.db, row.id, dto.payout_method, destination);
    await this.repo.audit(this.repo.db, row.id, user.id, 'payout_method_changed', null, { method: dto.payout_method });
    return this.toJson({ ...row, payout_method: dto.payout_method, payout_destination: destination });
  }

  async decide(admin: User, id: string, decision: 'approve' | 'reject', reason: string | null): Promise<AffiliateJson> {
    const row = await this.findOr404(id);
    if (row.status !== 'pending') throw new ConflictException(`This application is already ${row.status}.`);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await this.repo.updateAffiliate(this.repo.db, id, { status, status_reason: reason });
    await this.repo.audit(this.repo.db, id, admin.id, status, reason);
    await this.notifications.notify(row.user_id, {
      kind: 'system',
      title: decision === 'approve' ? 'You are in the affiliate programme' : 'Your affiliate application was declined',
      body: reason ?? undefined,
      url: decision === 'approve' ? '/affiliate/dashboard' : '/affiliate/pending',
    });
    if (status === 'approved') await this.publishApproved(row);
    return this.toJson({ ...row, status, status_reason: reason });
  }

  /**
   * A ban disables the links, cancels every unpaid commission and any transfer not yet sent, and remembers what it
   * cancelled (`status_before_ban`), so an unban restores exactly that and nothing else.
   */
  async ban(admin: User, id: string, reason: string): Promise<AffiliateJson> {
    return this.repo.transaction(async (m) => {
      const row = await this.lockOr404(m, id);
      if (row.status !== 'approved')
        throw new ConflictException(`Only an approved affiliate can be banned (this one is ${row.status}).`);
      await this.returnQueuedPayouts(m, row, 'Cancelled: the affiliate account was banned.');
      const entries: LedgerEntry[] = [];
      for (const c of await this.repo.unpaidCommissionsOf(m, id)) {
        await this.repo.updateCommission(m, c.id, {
          status: 'cancelled',
          status_before_ban: c.status,
          status_reason: `Cancelled because the account was banned: ${reason}`,
          moves_at: null,
        });
        const from = c.status === 'pending' ? 'pending' : 'available';
        entries.push(
          ...move(
            from,
            'cancelled',
            { affiliate_id: id, commission_id: c.id, currency: c.currency, reason: 'ban' },
            c.amount_minor,
          ),
        );
      }
      await this.repo.appendLedger(m, entries);
      await this.repo.updateAffiliate(m, id, { status: 'banned', status_reason: reason });
      await this.repo.audit(m, id, admin.id, 'banned', reason, { cancelled_commissions: entries.length / 2 });
      return this.toJson({ ...row, status: 'banned', status_reason: reason });
    });
  }

  async unban(admin: User, id: string): Promise<AffiliateJson> {
    const json = await this.repo.transaction(async (m) => {
      const row = await this.lockOr404(m, id);
      if (row.status !== 'banned') throw new ConflictException('This affiliate is not banned.');
      const entries: LedgerEntry[] = [];
      for (const c of await this.repo.bannedCommissionsOf(m, id)) {
        const restored = c.status_before_ban!;
        await this.repo.updateCommission(m, c.id, {
          status: restored,
          status_before_ban: null,
          status_reason:
            restored === 'pending'
              ? 'Restored after the ban was lifted; in the refund window.'
              : 'Restored after the ban was lifted; payable in the next payout.',
        });
        const to = restored === 'pending' ? 'pending' : 'available';
        entries.push(
          ...move(
            'cancelled',
            to,
            { affiliate_id: id, commission_id: c.id, currency: c.currency, reason: 'unban' },
            c.amount_minor,
          ),
        );
      }
      await this.repo.appendLedger(m, entries);
      await this.repo.updateAffiliate(m, id, { status: 'approved', status_reason: null });
      await this.repo.audit(m, id, admin.id, 'unbanned', null, { restored_commissions: entries.length / 2 });
      return this.toJson({ ...row, status: 'approved', status_reason: null });
    });
    await this.publishApproved({ id, user_id: json.user_id });
    return json;
  }

  /** After the commit: the account can be paid now (other areas move money waiting for it). */
  private async publishApproved(row: { id: string; user_id: string }): Promise<void> {
    const at = this.clock.now();
    await this.events.publish('affiliate.approved', `affiliate.approved|${row.id}|${at.getTime()}`, {
      affiliate_id: row.id,
      user_id: row.user_id,
      approved_at: at.toISOString(),
    });
  }

  async setMinimum(admin: User, id: string, minimum: number | null): Promise<AffiliateJson> {
    const row = await this.findOr404(id);
    await this.repo.updateAffiliate(this.repo.db, id, { minimum_payout_minor: minimum });
    await this.repo.audit(this.repo.db, id, admin.id, 'minimum_changed', null, { minimum });
    return this.toJson({ ...row, minimum_payout_minor: minimum });
  }

  /** The programme's minimum payout, for an affiliate without one of their own. */
  get defaultMinimum(): number {
    return this.config.minimumPayoutMinor;
  }

  /** The newest 30 entries of the affiliate's audit trail. */
  async auditTrail(id: string): Promise<AffiliateAuditJson[]> {
    return (await this.repo.auditTrail(id, 30)).map((r) => ({ ...r, created_at: iso(r.created_at) }));
  }

  async list(status: AffiliateJson['status'] | null, search: string | null, offset: number, limit: number) {
    const { rows, total } = await this.repo.listAffiliates(status, search, offset, limit);
    const current = (await this.repo.currentGuidelines())?.version ?? null;
    return { data: rows.map((r) => toAffiliateJson(r, current, this.config.minimumPayoutMinor)), total };
  }

  async recruits(affiliate: AffiliateRow): Promise<RecruitJson[]> {
    const rows = await this.repo.recruits(affiliate.id);
    return rows.map((r: RecruitJson & { joined_at: Date }) => ({
      ...r,
      override_earned_minor: Number(r.override_earned_minor),
      joined_at: new Date(r.joined_at).toISOString(),
    }));
  }

  async toJson(row: AffiliateRow): Promise<AffiliateJson> {
    const current = (await this.repo.currentGuidelines())?.version ?? null;
    return toAffiliateJson(row, current, this.config.minimumPayoutMinor);
  }

  /** Queued transfers go back to the available balance, their commissions back to unpaid. */
  private async returnQueuedPayouts(m: EntityManager, row: AffiliateRow, reason: string): Promise<void> {
    for (const p of await this.payouts.queuedPayoutsOfAffiliate(m, row.id)) {
      await this.payouts.updatePayout(m, p.id, { status: 'failed', failure_reason: reason });
      await this.repo.releaseCommissionsPayout(m, p.id);
      await this.repo.appendLedger(
        m,
        move(
          'in_transit',
          'available',
          { affiliate_id: row.id, payout_id: p.id, currency: p.currency, reason },
          p.amount_minor,
        ),
      );
    }
  }

  /** The payout methods this setup can pay with (the forms offer only these). */
  payoutMethods(): PayoutMethod[] {
    return offeredPayoutMethods(this.config);
  }

  private checkDestination(method: PayoutMethod, destination?: string, confirmation?: string): string | null {
    if (!this.payoutMethods().includes(method))
      throw ValidationFailedException.of(
        'payout_method',
        'That payout method is not available yet; choose bank transfer.',
      );
    if (method === 'manual') return null;
    if (destination !== confirmation)
      throw ValidationFailedException.of('payout_destination_confirmation', 'The two entries do not match.');
    if (method === 'crypto' && !isUsdcAddress(destination!))
      throw ValidationFailedException.of(
        'payout_destination',
        'A USDC address is 0x followed by 40 hexadecimal characters.',
      );
    if (method === 'paypal' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(destination!))
      throw ValidationFailedException.of('payout_destination', 'Enter the email address of your PayPal account.');
    return destination!;
  }

  private async assertCurrentGuidelines(version: number, field: string): Promise<void> {
    const current = await this.repo.currentGuidelines();
    if (current && current.version !== version)
      throw ValidationFailedException.of(
        field,
        `Please read and accept the current guidelines (version ${current.version}).`,
      );
  }

  private async uniqueCode(user: User): Promise<string> {
    const stem =
      (user.handle ?? user.name)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '')
        .slice(0, 16) || 'partner';
    for (;;) {
      const code = `${stem}-${randomBytes(2).toString('hex')}`;
      if (!(await this.repo.findAffiliate('code', code))) return code;
    }
  }

  private async requireAny(user: User): Promise<AffiliateRow> {
    const row = await this.repo.findAffiliate('user_id', user.id);
    if (!row) throw new NotFoundException('You are not in the affiliate programme yet.');
    requireNotBanned(row.status);
    return row;
  }

  async requireRow(id: string): Promise<AffiliateRow> {
    return this.findOr404(id);
  }

  private async findOr404(id: string): Promise<AffiliateRow> {
    const row = await this.repo.findAffiliate('id', id);
    if (!row) throw new NotFoundException('No such affiliate.');
    return row;
  }

  private async lockOr404(m: EntityManager, id: string): Promise<AffiliateRow> {
    const row = await this.repo.findAffiliate('id', id, m, true);
    if (!row) throw new NotFoundException('No such affiliate.');
    return row;
  }

  get now(): Date {
    return this.clock.now();
  }
}
