import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { allKeys } from '../../config/app-key';
import type { AdminMarketingProps, Audience, AnnouncementJson, BroadcastJson } from '../../contracts/admin-content';
import { AUDIENCES } from '../../contracts/admin-content';
import { CrmSuppressionsService } from '../crm';
import { JobRegistry, JobsService } from '../jobs';
import { MailService } from '../mail';
import { NotificationsService } from '../notifications';
import { Broadcaster } from '../realtime';
import type { User, UserSegment } from '../users';
import { UsersService } from '../users';
import { AuditService, type AuditContext } from './audit.service';
import { BROADCAST_UNSUBSCRIBE_PATH, broadcastMail, unsubscribeToken, userOfToken } from './broadcast-mail';
import type { AnnouncementDto, BroadcastDto } from './dto/content.dto';
import { toAnnouncementJson, toBroadcastJson } from './admin.mapper';
import { type BroadcastRow, type EmailStatus, MarketingRepository } from './marketing.repository';
import { METRICS_CHANNEL } from './metrics.definitions';

export const BROADCAST_JOB = 'admin.broadcast';
export const BROADCAST_EVENT = 'broadcast.progress';
/** Recipients notified per step; progress goes out after each step. */
export const BROADCAST_BATCH = 200;

interface Recipient {
  user: User;
  status: EmailStatus;
}

const segmentOf = (audience: Audience): UserSegment =>
  audience === 'all' ? {} : audience === 'admin' ? { role: 'admin' } : { type: audience };

/**
 * Marketing: site-wide announcements (a banner or a toast for one audience, in a time window) and broadcasts, a
 * notification to every active user of an audience sent by a background job that reports progress live to admins.
 * Each recipient is claimed before being notified, so retries never notify or mail anyone twice. A broadcast may
 * also go by email (the mail queue) to the recipients opted in to product news, skipping the CRM suppression list;
 * each mail carries a one-click unsubscribe that adds the address to that list.
 */
@Injectable()
export class MarketingService {
  constructor(
    private readonly repo: MarketingRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly broadcaster: Broadcaster,
    private readonly mail: MailService,
    private readonly suppressions: CrmSuppressionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  registerJobs(): void {
    this.registry.register<{ broadcastId: string }>('fanout', BROADCAST_JOB, {
      handle: ({ broadcastId }) => this.send(broadcastId),
    });
  }

  async overview(page: number, perPage: number): Promise<AdminMarketingProps> {
    const offset = (page - 1) * perPage;
    const [[announcements, a], [broadcasts, b]] = await Promise.all([
      this.repo.announcements(offset, perPage),
      this.repo.broadcasts(offset, perPage),
    ]);
    return {
      all_announcements: pageOf(announcements.map(toAnnouncementJson), page, perPage, a),
      broadcasts: pageOf(broadcasts.map(toBroadcastJson), page, perPage, b),
      audiences: [...AUDIENCES],
    };
  }

  async announce(ctx: AuditContext, dto: AnnouncementDto): Promise<AnnouncementJson> {
    const startsAt = dto.starts_at ? new Date(dto.starts_at) : this.clock.now();
    const endsAt = dto.ends_at ? new Date(dto.ends_at) : null;
    if (endsAt && endsAt <= startsAt)
      throw ValidationFailedException.of('ends_at', 'The end must come after the start.');
    return this.repo.transaction(async (m) => {
      const row = await this.repo.insertAnnouncement(
        {
          title: dto.title,
          body: dto.body ?? '',
          url: dto.url ?? null,
          style: dto.style,
          audience: dto.audience,
          starts_at: startsAt,
          ends_at: endsAt,
          created_by: ctx.actor.id,
        },
        m,
      );
      const json = toAnnouncementJson(row);
      await this.audit.record(
        ctx,
        {
          action: 'announcement.created',
          subject: { type: 'announcement', id: row.id, label: row.title },
          after: json,
        },
        m,
      );
      return json;
    });
  }

  /** Takes an announcement down now (kept for the record). */
  async endAnnouncement(ctx: AuditContext, id: string): Promise<AnnouncementJson> {
    return this.repo.transaction(async (m) => {
      const before = await this.repo.announcement(id, m);
      if (!before) throw new NotFoundException('No such announcement.');
      const after = toAnnouncementJson(await this.repo.endAnnouncement(id, this.clock.now(), m));
      await this.audit.record(
        ctx,
        {
          action: 'announcement.ended',
          subject: { type: 'announcement', id, label: before.title },
          before: toAnnouncementJson(before),
          after,
        },
        m,
      );
      return after;
    });
  }

  /** The announcements showing now for this user (everyone's, their type's, admins'), less those they dismissed. */
  async liveFor(user: Pick<User, 'type' | 'role'> & { id?: string }): Promise<AnnouncementJson[]> {
    const audiences = ['all', user.type, ...(user.role === 'admin' ? ['admin'] : [])];
    return (await this.repo.live(audiences, this.clock.now(), 3, user.id ?? null)).map(toAnnouncementJson);
  }

  /** The user closed the announcement: it never shows to them again, on any device. Idempotent. */
  async dismiss(user: Pick<User, 'id'>, announcementId: string): Promise<void> {
    if (!(await this.repo.announcement(announcementId))) throw new NotFoundException('No such announcement.');
    await this.repo.dismiss(user.id, announcementId);
  }

  /** Records the broadcast and queues its job; the request never sends. */
  async broadcast(ctx: AuditContext, dto: BroadcastDto): Promise<BroadcastJson> {
    const json = await this.repo.transaction(async (m) => {
      const row = await this.repo.insertBroadcast(
        {
          title: dto.title,
          body: dto.body ?? '',
          url: dto.url ?? null,
          audience: dto.audience,
          email: dto.email ?? false,
          created_by: ctx.actor.id,
        },
        m,
      );
      const out = toBroadcastJson(row);
      await this.audit.record(
        ctx,
        { action: 'broadcast.queued', subject: { type: 'broadcast', id: row.id, label: row.title }, after: out },
        m,
      );
      return out;
    });
    await this.jobs.dispatch('fanout', BROADCAST_JOB, { broadcastId: json.id }, { jobId: `broadcast:${json.id}` });
    return json;
  }

  async find(id: string): Promise<BroadcastJson> {
    const row = await this.repo.broadcast(id);
    if (!row) throw new NotFoundException('No such broadcast.');
    return toBroadcastJson(row);
  }

  /** The job: batches of recipients by id, each claimed then notified, progress after each batch. */
  async send(broadcastId: string): Promise<void> {
    const b = await this.repo.broadcast(broadcastId);
    if (!b || b.status === 'done') return;
    const segment = segmentOf(b.audience);
    await this.repo.start(b.id, await this.users.segmentCount(segment));
    for (let cursor: string | null = null; ;) {
      const ids = await this.users.segmentIds(segment, cursor, BROADCAST_BATCH);
      if (!ids.length) break;
      const plan = b.email ? await this.emailPlan(ids) : new Map<string, Recipient>();
      const claimed = await this.repo.claim(
        b.id,
        ids.map((userId) => ({ userId, email: plan.get(userId)?.status ?? null })),
      );
      for (const { user_id: userId } of claimed) {
        await this.notifications.notify(userId, {
          kind: 'product_news',
          title: b.title,
          body: b.body || undefined,
          url: b.url ?? undefined,
          data: { broadcast_id: b.id },
          email: false, // mailed below only when the broadcast asks, with the suppression list honoured
        });
      }
      for (const r of claimed) if (r.email_status === 'sent') await this.mailOne(b, plan.get(r.user_id)!.user);
      await this.publish(await this.repo.progress(b.id, false));
      cursor = ids[ids.length - 1];
    }
    await this.publish(await this.repo.progress(b.id, true));
  }

  /** Who of these gets the mail (opted in to product news) and who is skipped (address on the suppression list). */
  private async emailPlan(ids: string[]): Promise<Map<string, Recipient>> {
    const optedIn = (await this.users.findByIds(ids)).filter(
      (u) => u.notificationPreferences?.email?.product_news === true,
    );
    const suppressed = await this.suppressions.isSuppressed(optedIn.map((u) => u.email));
    return new Map(
      optedIn.map((user) => [
        user.id,
        { user, status: suppressed.has(user.email.toLowerCase()) ? 'suppressed' : 'sent' } as Recipient,
      ]),
    );
  }

  private async mailOne(b: BroadcastRow, user: User): Promise<void> {
    const app = { url: this.config.appUrl, name: this.config.appName };
    const unsubscribeUrl = `${app.url}${BROADCAST_UNSUBSCRIBE_PATH}/${unsubscribeToken(this.config.appKey, user.id)}`;
    await this.mail.send(broadcastMail(b, user, { ...app, unsubscribeUrl }));
  }

  /** One-click unsubscribe from broadcast mail: the user's address joins the suppression list. */
  async unsubscribe(token: string): Promise<void> {
    const userId = userOfToken(allKeys(this.config), token);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new NotFoundException('This unsubscribe link is not valid.');
    await this.suppressions.unsubscribe(user.email);
  }

  private publish(row: Parameters<typeof toBroadcastJson>[0]): Promise<void> {
    return this.broadcaster.broadcast(METRICS_CHANNEL, BROADCAST_EVENT, { broadcast: toBroadcastJson(row) });
  }
}
