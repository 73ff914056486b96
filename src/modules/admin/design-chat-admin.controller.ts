import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import type { DesignChatFlagJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { RequiresPasswordConfirmation, Roles } from '../auth';
import { DesignChatModerationService } from '../designs';
import { Inertia } from '../inertia';
import { AuditActor } from './audit-context';
import type { AuditContext } from './audit.service';
import { DesignChatAdminService } from './design-chat-admin.service';
import { DesignChatQueryDto, ModerateDto, SuspendAuthorDto } from './dto/content.dto';

/** Admin DesignChat: design-chat messages flagged by their owners or the content filter. */
@Controller()
@Roles('admin')
export class DesignChatAdminController {
  constructor(
    private readonly flags: DesignChatModerationService,
    private readonly moderation: DesignChatAdminService,
  ) {}

  @Get('admin/design-chat')
  async page(@Query() query: DesignChatQueryDto) {
    return Inertia.render('Admin/DesignChat', { flags: await this.list(query), status: query.currentStatus() });
  }

  /** Flags newest first: open ones (default) or all. */
  @Get('api/admin/design-chat/flags')
  list(@Query() query: DesignChatQueryDto): Promise<Page<DesignChatFlagJson>> {
    const { page, perPage } = query.window(20);
    return this.flags.page(query.currentStatus(), page, perPage);
  }

  /** Hides the message, dismisses its flags, or warns its author (a notification); each audited. */
  @Post('api/admin/design-chat/flags/:id/moderate')
  @HttpCode(200)
  async moderate(
    @Param('id', UuidPipe) id: string,
    @Body() body: ModerateDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; flag: DesignChatFlagJson }> {
    const flag = await this.moderation.moderate(actor, id, body.action, body.note);
    return { message: { hide: 'Message hidden', dismiss: 'Flag dismissed', warn: 'Author warned' }[body.action], flag };
  }

  /** Suspends the message's author (after a recent password confirmation). */
  @Post('api/admin/design-chat/flags/:id/suspend-author')
  @HttpCode(200)
  @RequiresPasswordConfirmation()
  async suspendAuthor(
    @Param('id', UuidPipe) id: string,
    @Body() body: SuspendAuthorDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; flag: DesignChatFlagJson }> {
    return {
      message: 'Author suspended',
      flag: await this.moderation.suspendAuthor(actor, id, body.reason),
    };
  }
}
