import { randomUUID } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { isRefusal } from '../../common/http-exception.filter';
import type { EntityManager } from 'typeorm';
import type { UserBulkJson } from '../../contracts/admin';
import { USER_BULK_LIMIT } from '../../contracts/admin';
import { ValidationFailedException } from '../../common/validation';
import { JobRegistry, JobsService } from '../jobs';
import { Broadcaster } from '../realtime';
import { UsersService } from '../users';
import { AdminUsersService } from './admin-users.service';
import { toUserBulkJson } from './admin.mapper';
import { AuditService, type AuditContext } from './audit.service';
import type { UserBulkActionDto } from './dto/admin.dto';
import { METRICS_CHANNEL } from './metrics.definitions';
import { type UserBulkRow, UserBulkRepository } from './user-bulk.repository';

export const USER_BULK_JOB = 'admin.users-bulk';
export const USER_BULK_EVENT = 'users-bulk.progress';
/** Users acted on per step; progress goes out to admins after each step. */
export const USER_BULK_STEP = 25;
/**
 * A runner's hold on an action, renewed after each step: shorter than the job lock after which the queue hands a
 * dead worker's job to another, so that retry finds the lease expired, while a second delivery to a live runner
 * finds it held and leaves the work to it.
 */
const LEASE_SECONDS = 20;
/** Bulk actions listed on the Users page. */
const RECENT_BULKS = 5;

/**
 * Bulk actions on users: the request fixes the target users and queues a job; the job applies the single-user
 * action to each (same rules, same audit row per user) and reports progress live. A user the action cannot apply
 * to (already suspended, an admin, deleted...) is skipped with the reason, not failed.
 */
@Injectable()
export class UserBulkService {
  constructor(
    private readonly repo: UserBulkRepository,
    private readonly adminUsers: AdminUsersService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly broadcaster: Broadcaster,
  ) {}

  registerJobs(): void {
    this.registry.register<{ bulkId: string }>('fanout', USER_BULK_JOB, { handle: ({ bulkId }) => this.run(bulkId) });
  }

  async start(ctx: AuditContext, dto: UserBulkActionDto): Promise<UserBulkJson> {
    const userIds = dto.match !== undefined ? await this.matching(dto.match) : dto.user_ids!;
    const row = await this.repo.insert({
      adminId: ctx.actor.id,
      adminIp: ctx.ip,
      action: dto.action,
      reason: dto.reason ?? '',
      userIds,
    });
    await this.audit.record(ctx, {
      action: 'users.bulk_queued',
      subject: { type: 'user_bulk_action', id: row.id, label: `${dto.action} × ${row.total}` },
      after: { action: row.action, total: row.total },
    });
    await this.jobs.dispatch('fanout', USER_BULK_JOB, { bulkId: row.id }, { jobId: `users-bulk:${row.id}` });
    return toUserBulkJson(row);
  }

  async find(id: string): Promise<UserBulkJson> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundException('No such bulk action.');
    return toUserBulkJson(row);
  }

  async recent(): Promise<UserBulkJson[]> {
    return (await this.repo.latest(RECENT_BULKS)).map(toUserBulkJson);
  }

  /** The job: the users still without an outcome, a step at a time; safe to run again after a crash. */
  async run(bulkId: string): Promise<void> {
    const bulk = await this.repo.find(bulkId);
    const runner = randomUUID();
    if (!bulk || bulk.status === 'done' || !(await this.repo.lease(bulk.id, runner, LEASE_SECONDS))) return;
    const ctx = await this.actingAdmin(bulk);
    for (let ids = await this.repo.pending(bulk.id, USER_BULK_STEP); ids.length;) {
      for (const userId of ids) await this.applyOne(ctx, bulk, userId);
      await this.publish(await this.repo.progress(bulk.id, false));
      if (!(await this.repo.lease(bulk.id, runner, LEASE_SECONDS))) return; // another runner took over
      ids = await this.repo.pending(bulk.id, USER_BULK_STEP);
    }
    await this.publish(await this.repo.progress(bulk.id, true));
  }

  private async applyOne(ctx: AuditContext, bulk: UserBulkRow, userId: string): Promise<void> {
    // The account change and the user's outcome commit together, so a crash between them cannot leave a suspended
    // user without an outcome, which the retry would then skip as "already suspended". A verification email is not
    // transactional: a crash right after sending it sends it once more.
    const recordDone = (m?: EntityManager) => this.repo.record(bulk.id, userId, 'done', null, m);
    try {
      if (bulk.action === 'suspend') await this.adminUsers.suspend(ctx, userId, bulk.reason, recordDone);
      else if (bulk.action === 'restore') await this.adminUsers.restore(ctx, userId, recordDone);
      else {
        await this.adminUsers.resendVerification(ctx, userId);
        await recordDone();
      }
    } catch (error) {
      // A rule refusing this user (4xx) skips them; anything else fails the job, which retries the rest.
      if (!isRefusal(error)) throw error;
      await this.repo.record(bulk.id, userId, 'skipped', error.message);
    }
  }

  private async matching(q: string): Promise<string[]> {
    const [rows, total] = await this.users.searchPage(q, 0, USER_BULK_LIMIT);
    if (!total) throw ValidationFailedException.of('match', 'No user matches this search.');
    if (total > USER_BULK_LIMIT)
      throw ValidationFailedException.of(
        'match',
        `${total.toLocaleString('en-US')} users match; narrow the search to ${USER_BULK_LIMIT.toLocaleString('en-US')} or fewer.`,
      );
    return rows.map((u) => u.id);
  }

  /** The admin who started the action, as the per-user audit rows name them. */
  private async actingAdmin(bulk: UserBulkRow): Promise<AuditContext> {
    // Accounts are anonymised, never removed, so the admin's row is still there.
    const admin = await this.users.findById(bulk.admin_id!);
    return { actor: { id: bulk.admin_id!, email: admin?.email ?? '' }, ip: bulk.admin_ip };
  }

  private publish(row: UserBulkRow): Promise<void> {
    return this.broadcaster.broadcast(METRICS_CHANNEL, USER_BULK_EVENT, { bulk: toUserBulkJson(row) });
  }
}
