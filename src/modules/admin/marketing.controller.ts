import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import type { AdminMarketingProps, AnnouncementJson, BroadcastJson } from '../../contracts/admin-content';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { AuditActor } from './audit-context';
import type { AuditContext } from './audit.service';
import { AnnouncementDto, BroadcastDto } from './dto/content.dto';
import { MarketingService } from './marketing.service';

/** Admin Marketing: announcements (banner or toast for an audience, scheduled) and broadcasts (a background job). */
@Controller()
@Roles('admin')
export class MarketingController {
  constructor(private readonly marketing: MarketingService) {}

  @Get('admin/marketing')
  async page(@Query() query: PageQueryDto) {
    return Inertia.render('Admin/Marketing', { ...(await this.overview(query)) });
  }

  /** Announcements and broadcasts, newest first, paged together. */
  @Get('api/admin/marketing')
  overview(@Query() query: PageQueryDto): Promise<AdminMarketingProps> {
    const { page, perPage } = query.window(10);
    return this.marketing.overview(page, perPage);
  }

  @Post('api/admin/announcements')
  async announce(
    @Body() body: AnnouncementDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; announcement: AnnouncementJson }> {
    return {
      message: 'Announcement scheduled',
      announcement: await this.marketing.announce(actor, body),
    };
  }

  /** Takes the announcement down now. */
  @Post('api/admin/announcements/:id/end')
  @HttpCode(200)
  async end(
    @Param('id', UuidPipe) id: string,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; announcement: AnnouncementJson }> {
    return {
      message: 'Announcement ended',
      announcement: await this.marketing.endAnnouncement(actor, id),
    };
  }

  /** Queues a broadcast to every active user of the audience; progress arrives on the admins' channel. */
  @Post('api/admin/broadcasts')
  @HttpCode(202)
  async broadcast(
    @Body() body: BroadcastDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; broadcast: BroadcastJson }> {
    return { message: 'Broadcast queued', broadcast: await this.marketing.broadcast(actor, body) };
  }

  @Get('api/admin/broadcasts/:id')
  find(@Param('id', UuidPipe) id: string): Promise<BroadcastJson> {
    return this.marketing.find(id);
  }
}
