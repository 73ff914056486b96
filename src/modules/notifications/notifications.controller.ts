import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import type { Request } from 'express';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import { socketIdFrom } from '../realtime';
import type { User } from '../users';
import { ListNotificationsDto } from './dto/list-notifications.dto';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications.constants';
import { NotificationsService } from './notifications.service';

/** Spec 7 "Notifications" plus the Notifications/Index page. */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notifications')
  async page(@CurrentUser() user: User, @Query() q: ListNotificationsDto) {
    const { notifications, unread_count } = await this.notifications.listWithUnread(
      user.id,
      q.page ?? 1,
      NOTIFICATIONS_PAGE_SIZE,
    );
    return Inertia.render('Notifications/Index', { notifications, unread_count });
  }

  @Get('api/notifications')
  async list(@CurrentUser() user: User, @Query() q: ListNotificationsDto) {
    return this.notifications.listWithUnread(user.id, q.page ?? 1, q.limit ?? NOTIFICATIONS_PAGE_SIZE);
  }

  @Get('api/notifications/count')
  async count(@CurrentUser() user: User) {
    return { unread_count: await this.notifications.unreadCount(user.id) };
  }

  @Post('notifications/mark-all-as-read')
  @HttpCode(200)
  async markAll(@CurrentUser() user: User, @Req() req: Request) {
    const result = await this.notifications.markAllAsRead(user.id, socketIdFrom(req));
    return { status: 'success', ...result };
  }

  @Post('notifications/:id/mark-as-read')
  @HttpCode(200)
  async markOne(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Req() req: Request) {
    const result = await this.notifications.markAsRead(user.id, id, socketIdFrom(req));
    return { status: 'success', ...result };
  }
}
