import { Body, Controller, Get, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { Inertia } from '../../inertia';
import { timeZones } from '../../users';
import { User } from '../../users';
import { UsersService } from '../../users';
import { NotificationPreferencesDto, TimezoneDto } from '../dto/settings.dto';
import { NOTIFICATION_KINDS, effectivePreferences, parsePreferences } from '../notification-preferences';

/** Time zone and notification preferences: simple per-user settings. */
@Controller('settings')
export class PreferencesController {
  constructor(private readonly users: UsersService) {}

  @Get('timezone')
  timezone(@CurrentUser() user: User) {
    return Inertia.render('Settings/Timezone', { timezone: user.timezone, timezones: timeZones() });
  }

  @Put('timezone')
  async updateTimezone(
    @Body() body: TimezoneDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.users.update(user.id, { timezone: body.timezone });
    flash(req, 'success', 'Time zone saved.');
    await redirectTo(req, res, '/settings/timezone');
  }

  @Get('notifications')
  notifications(@CurrentUser() user: User) {
    return Inertia.render('Settings/Notifications', {
      preferences: effectivePreferences(user.notificationPreferences),
      kinds: NOTIFICATION_KINDS,
    });
  }

  @Put('notifications')
  async updateNotifications(
    @Body() body: NotificationPreferencesDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const parsed = parsePreferences(body);
    const merged = effectivePreferences({
      email: { ...effectivePreferences(user.notificationPreferences).email, ...parsed.email },
      push: { ...effectivePreferences(user.notificationPreferences).push, ...parsed.push },
    });
    await this.users.update(user.id, { notificationPreferences: merged });
    flash(req, 'success', 'Notification preferences saved.');
    await redirectTo(req, res, '/settings/notifications');
  }
}
