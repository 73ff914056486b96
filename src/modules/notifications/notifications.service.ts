import { Inject, Injectable, Logger } from '@nestjs/common';
import { assertOwned } from '../../common/ownership.policy';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../mail';
import { Broadcaster } from '../realtime';
import { UsersService } from '../users';
import { Notification, NotificationKind } from './notification.entity';
import type { NotificationPage } from '../../contracts/notifications';
import { NotificationJson, toNotificationJson } from './notifications.mapper';
import { NotificationsRepository } from './notifications.repository';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_PAGE_SIZE,
  userChannel,
} from './notifications.constants';
import { pageOf } from '../../common/pagination';
import { escapeHtml } from '../../common/escape-html';
import { Clock } from '../../common/clock';

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  body?: string;
  url?: string;
  data?: Record<string, unknown>;
  /** False when the caller mails the user itself (e.g. a broadcast honouring the suppression list). */
  email?: boolean;
}

/**
 * The one way any module tells a user something:
 *   notifications.notify(userId, { kind: 'design_ready', title: 'Your design is ready', url: `/designs/${id}` })
 * Stores it, pushes `.notification.created` on the user's private channel and, when the user's
 * notificationPreferences.email[kind] is true, queues an email.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly repo: NotificationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly broadcaster: Broadcaster,
    private readonly clock: Clock,
  ) {}

  async notify(userId: string, n: NewNotification): Promise<Notification> {
    const saved = await this.repo.insert({
      userId,
      kind: n.kind,
      title: n.title.slice(0, 255),
      body: n.body ?? null,
      url: n.url ?? null,
      data: n.data ?? {},
    });
    const unread = await this.unreadCount(userId);
    await this.broadcaster.broadcast(userChannel(userId), NOTIFICATION_EVENTS.created, {
      notification: toNotificationJson(saved),
      unread_count: unread,
    });
    try {
      if (n.email !== false) await this.maybeEmail(userId, saved);
    } catch (error) {
      // The notification is stored and pushed; a mail queue hiccup must not fail the caller.
      this.logger.warn(`email for notification ${saved.id} not queued: ${(error as Error).message}`);
    }
    return saved;
  }

  private async maybeEmail(userId: string, n: Notification): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || user.notificationPreferences?.email?.[n.kind] !== true) return;
    const link = n.url ? new URL(n.url, this.config.appUrl).toString() : `${this.config.appUrl}/notifications`;
    const text = [n.title, n.body ?? '', link].filter(Boolean).join('\n\n');
    const html =
      `<p>Hi ${escapeHtml(user.name)},</p><p><strong>${escapeHtml(n.title)}</strong></p>` +
      (n.body ? `<p>${escapeHtml(n.body)}</p>` : '') +
      `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(this.config.appName)}</a></p>` +
      `<p style="color:#666;font-size:12px">You can change which emails you get in Settings &rsaquo; Notifications.</p>`;
    await this.mail.send({ to: user.email, subject: `${n.title} - ${this.config.appName}`, html, text });
  }

  /** A page and the unread count together, in one round trip (the list screen and GET /api/notifications). */
  async listWithUnread(
    userId: string,
    page = 1,
    limit = NOTIFICATIONS_PAGE_SIZE,
  ): Promise<{ notifications: NotificationPage; unread_count: number }> {
    const perPage = Math.min(Math.max(1, Math.floor(limit)), NOTIFICATIONS_MAX_LIMIT);
    const current = Math.max(1, Math.floor(page));
    const { rows, total, unread } = await this.repo.pageWithCounts(userId, (current - 1) * perPage, perPage);
    return { notifications: pageOf(rows.map(toNotificationJson), current, perPage, total), unread_count: unread };
  }

  /** A count can never be negative. */
  unreadCount(userId: string): Promise<number> {
    return this.repo.unreadCount(userId);
  }

  async markAsRead(
    userId: string,
    id: string,
    exceptSocketId?: string,
  ): Promise<{ notification: NotificationJson; unread_count: number }> {
    const found = assertOwned(await this.repo.find(id), userId, 'notification');
    if (!found.readAt) await this.repo.markRead(userId, id, this.clock.now());
    const fresh = (await this.repo.find(id))!;
    const unread = await this.unreadCount(userId);
    await this.broadcaster.broadcast(
      userChannel(userId),
      NOTIFICATION_EVENTS.read,
      { id, unread_count: unread },
      { exceptSocketId },
    );
    return { notification: toNotificationJson(fresh), unread_count: unread };
  }

  async markAllAsRead(userId: string, exceptSocketId?: string): Promise<{ updated: number; unread_count: number }> {
    const updated = await this.repo.markAllRead(userId, this.clock.now());
    await this.broadcaster.broadcast(
      userChannel(userId),
      NOTIFICATION_EVENTS.read,
      { id: null, all: true, unread_count: 0 },
      { exceptSocketId },
    );
    return { updated, unread_count: 0 };
  }
}
