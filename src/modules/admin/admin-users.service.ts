import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { PageQueryDto } from '../../common/page-query.dto';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { AdminUserDetail, AdminUserRow } from '../../contracts/admin';
import type { Page } from '../../contracts/common';
import { EmailVerificationService, SessionsService } from '../auth';
import { OrdersService } from '../commerce';
import { CreditsService } from '../credits';
import { DesignsService } from '../designs';
import { TeamsService } from '../teams';
import { avatarUrl, User, UsersService } from '../users';
import { ProfileStickersService } from '../stickers';
import { auditedUser, toAdminUserRow } from './admin.mapper';
import { AdminRepository } from './admin.repository';
import { AuditContext, AuditService } from './audit.service';
import type { AdminUsersQueryDto, ChangeUserRoleDto } from './dto/admin.dto';
import { requireNotAdmin, requireNotOwnRole } from './admin.policy';

/** Work that commits or rolls back with an account change. */
export type InTransaction = (m: EntityManager) => Promise<void>;

const RECENT = 10;

/** Admin work on accounts: find, inspect, change type/role, suspend/restore, re-send verification, delete. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly repo: AdminRepository,
    private readonly audit: AuditService,
    private readonly sessions: SessionsService,
    private readonly verification: EmailVerificationService,
    private readonly teams: TeamsService,
    private readonly credits: CreditsService,
    private readonly orders: OrdersService,
    private readonly designs: DesignsService,
    private readonly profileStickers: ProfileStickersService,
    private readonly clock: Clock,
  ) {}

  async search(query: AdminUsersQueryDto): Promise<Page<AdminUserRow>> {
    const { page, perPage, offset } = query.window(25);
    const [rows, total] = await this.users.searchPage(query.q ?? '', offset, perPage);
    return pageOf(rows.map(toAdminUserRow), page, perPage, total);
  }

  async findOrFail(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException('There is no user with that id.');
    return user;
  }

  /** The user with what each owning area knows of them, read through that area's service. */
  async show(id: string): Promise<AdminUserDetail> {
    const user = await this.findOrFail(id);
    const recent = Object.assign(new PageQueryDto(), { page: 1, per_page: RECENT });
    const [teams, ledger, orders, designs, sessions, audit] = await Promise.all([
      this.teams.memberships(user.id),
      this.credits.history(user.id, 1, RECENT),
      this.orders.history(user, recent),
      this.designs.list(user, { page: 1, perPage: RECENT }),
      this.sessions.listFor(user.id, ''),
      this.audit.latestFor('user', user.id),
    ]);
    return {
      ...toAdminUserRow(user),
      bio: user.bio,
      avatar_url: avatarUrl(user),
      timezone: user.timezone,
      suspended_at: user.suspendedAt?.toISOString() ?? null,
      suspension_reason: user.suspensionReason,
      deleted_at: user.deletedAt?.toISOString() ?? null,
      two_factor_enabled: user.twoFactorConfirmedAt !== null,
      image_credits: user.imageCredits,
      teams: teams.map((t) => ({ id: t.id, name: t.name, role: t.role, personal: t.personal })),
      credits: ledger.data.map((c) => ({
        id: c.id,
        kind: c.kind,
        amount: c.amount,
        balance_after: c.balanceAfter,
        reason: c.reason,
        at: c.createdAt.toISOString(),
      })),
      orders: orders.data.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        total_minor: o.total.amount_minor,
        currency: o.total.currency,
        at: o.created_at,
      })),
      designs: designs.data.map((d) => ({
        id: d.id,
        status: d.status,
        room_type: d.options.roomType ?? null,
        at: d.created_at,
      })),
      sessions: sessions.map((s) => ({ id: s.id, user_agent: s.userAgent, ip: s.ip, last_active_at: s.lastActiveAt })),
      audit,
    };
  }

  async changeRole(ctx: AuditContext, id: string, dto: ChangeUserRoleDto): Promise<AdminUserRow> {
    const user = await this.findOrFail(id);
    if (dto.type === undefined && dto.role === undefined)
      throw ValidationFailedException.of('role', 'Choose a new type or role.');
    requireNotOwnRole(ctx.actor, user, dto.role !== undefined && dto.role !== user.role);
    this.assertNotDeleted(user);
    const changes: Partial<User> = {};
    if (dto.type !== undefined) changes.type = dto.type;
    if (dto.role !== undefined) changes.role = dto.role;
    return this.apply(ctx, user, 'user.role_changed', changes);
  }

  /** `alongside` commits with the suspension (a bulk action records the user's outcome in it). */
  async suspend(ctx: AuditContext, id: string, reason: string, alongside?: InTransaction): Promise<AdminUserRow> {
    const user = await this.findOrFail(id);
    this.assertNotDeleted(user);
    this.assertNotAdmin(user, 'suspended');
    if (user.suspendedAt) throw new ConflictException('This account is already suspended.');
    // Ending the sessions in the same transaction: the user's very next request is a signed-out one.
    return this.apply(
      ctx,
      user,
      'user.suspended',
      { suspendedAt: this.clock.now(), suspensionReason: reason },
      async (m) => {
        await this.sessions.destroyAllFor(user.id, m);
        await alongside?.(m);
      },
    );
  }

  async restore(ctx: AuditContext, id: string, alongside?: InTransaction): Promise<AdminUserRow> {
    const user = await this.findOrFail(id);
    this.assertNotDeleted(user);
    if (!user.suspendedAt) throw new ConflictException('This account is not suspended.');
    return this.apply(ctx, user, 'user.restored', { suspendedAt: null, suspensionReason: null }, alongside);
  }

  async resendVerification(ctx: AuditContext, id: string): Promise<void> {
    const user = await this.findOrFail(id);
    this.assertNotDeleted(user);
    if (user.emailVerifiedAt) throw new ConflictException('This email address is already verified.');
    await this.verification.send(user);
    await this.audit.record(ctx, {
      action: 'user.verification_resent',
      subject: { type: 'user', id: user.id, label: user.email },
    });
  }

  /** Deletion on request: personal data goes, the row stays anonymised so ledgers and orders still add up. */
  async delete(ctx: AuditContext, id: string, confirm: string): Promise<AdminUserRow> {
    const user = await this.findOrFail(id);
    this.assertNotDeleted(user);
    this.assertNotAdmin(user, 'deleted');
    if (confirm.trim().toLowerCase() !== user.email)
      throw ValidationFailedException.of('confirm', "Type the user's email address exactly to confirm.");
    await this.repo.transaction(async (m) => {
      await this.users.anonymise(m, user.id, this.clock.now());
      await this.profileStickers.clear(user.id, m);
      await this.sessions.destroyAllFor(user.id, m);
      await this.audit.record(
        ctx,
        { action: 'user.deleted', subject: { type: 'user', id: user.id }, before: { state: 'active' } },
        m,
      );
    });
    return toAdminUserRow(await this.findOrFail(user.id));
  }

  assertNotAdmin(user: User, what: string): void {
    requireNotAdmin(user, what);
  }

  private assertNotDeleted(user: User): void {
    if (user.deletedAt) throw new ConflictException('This account was deleted.');
  }

  /** One change to the user and its audit row (before/after) in one transaction. */
  private async apply(
    ctx: AuditContext,
    user: User,
    action: string,
    changes: Partial<User>,
    alongside?: InTransaction,
  ): Promise<AdminUserRow> {
    await this.repo.transaction(async (m) => {
      await this.users.updateIn(m, user.id, changes);
      await alongside?.(m);
      await this.audit.record(
        ctx,
        {
          action,
          subject: { type: 'user', id: user.id, label: user.email },
          before: auditedUser(user),
          after: auditedUser({ ...user, ...changes } as User),
        },
        m,
      );
    });
    return toAdminUserRow(await this.findOrFail(user.id));
  }
}
