import { Injectable } from '@nestjs/common';
import type { DesignChatFlagJson } from '../../contracts/admin-content';
import { DesignChatModerationService } from '../designs';
import { NotificationsService } from '../notifications';
import { AdminUsersService } from './admin-users.service';
import { AuditService, type AuditContext } from './audit.service';

/**
 * DesignChat moderation from the console: the designs area keeps flags and hidden marks; this adds what happens to
 * the author (a warning notification, or suspension through the users actions) and audits every step.
 */
@Injectable()
export class DesignChatAdminService {
  constructor(
    private readonly moderation: DesignChatModerationService,
    private readonly audit: AuditService,
    private readonly users: AdminUsersService,
    private readonly notifications: NotificationsService,
  ) {}

  async moderate(
    ctx: AuditContext,
    flagId: string,
    action: 'hide' | 'dismiss' | 'warn',
    note?: string,
  ): Promise<DesignChatFlagJson> {
    const past = { hide: 'hidden', dismiss: 'dismissed', warn: 'warned' }[action];
    const flag = await this.moderation.moderate(
      ctx.actor.id,
      flagId,
      action,
      this.audit.hook(ctx, `design_chat.${past}`, 'design_chat_message'),
    );
    if (action === 'warn') {
      await this.notifications.notify(flag.message.author_id, {
        kind: 'system',
        title: 'A message of yours in design chat was reported',
        body:
          note ||
          'Please keep design chat about your designs and respectful. Repeated reports can suspend the account.',
        url: `/designer/${flag.message.design_id}`,
      });
    }
    return flag;
  }

  /** Resolves the message's flags as suspended, then suspends the author (sessions end, sign-in refused). */
  async suspendAuthor(ctx: AuditContext, flagId: string, reason: string): Promise<DesignChatFlagJson> {
    const flag = await this.moderation.moderate(
      ctx.actor.id,
      flagId,
      'suspend',
      this.audit.hook(ctx, 'design_chat.suspended', 'design_chat_message'),
    );
    await this.users.suspend(ctx, flag.message.author_id, reason);
    return flag;
  }
}
