import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { AuthModule } from '../auth/auth.module';
import { CommerceModule } from '../commerce/commerce.module';
import { DesignsModule } from '../designs/designs.module';
import { InertiaService } from '../inertia';
import { TeamsModule } from '../teams/teams.module';
import { ADMIN_SECTIONS, AdminDashboardController } from './admin-dashboard.controller';
import { AdminUsersController } from './admin-users.controller';
import { AnnouncementsController } from './announcements.controller';
import { AdminUsersService } from './admin-users.service';
import { AdminRepository } from './admin.repository';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { AdminAuditEntry } from './entities/admin-audit.entity';
import { ImpersonationController } from './impersonation.controller';
import { ImpersonationService } from './impersonation.service';
import { MetricsService, ROLLUP_TIMER } from './metrics.service';
import { METRICS_CHANNEL } from './metrics.definitions';
import { ChannelRegistry } from '../realtime';
import { TimersService } from '../jobs';
import { StickersModule } from '../stickers/stickers.module';
import { ListingsModule } from '../listings/listings.module';
import { VideoModule } from '../video/video.module';
import { ConnectionCountsService } from './connection-counts.service';
import { DesignAssetsAdminController } from './design-assets-admin.controller';
import { DesignChatAdminController } from './design-chat-admin.controller';
import { DesignChatAdminService } from './design-chat-admin.service';
import { BroadcastUnsubscribeController } from './broadcast-unsubscribe.controller';
import { CrmModule } from '../crm/crm.module';
import { MarketingController } from './marketing.controller';
import { MarketingRepository } from './marketing.repository';
import { MarketingService } from './marketing.service';
import { StickersAdminController } from './stickers-admin.controller';
import { DirectoryModule } from '../directory/directory.module';
import { ServiceProvidersAdminController } from './service-providers-admin.controller';

import { UserBulkRepository } from './user-bulk.repository';
import { UserBulkService } from './user-bulk.service';
/**
 * The admin console: dashboard and metrics rollups, audit trail, users (roles, suspension, impersonation, deletion),
 * the designer's assets, stickers, design-chat moderation and marketing (announcements, broadcasts).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AdminAuditEntry]),
    AuthModule,
    CommerceModule,
    DesignsModule,
    TeamsModule,
    StickersModule,
    ListingsModule,
    VideoModule,
    CrmModule,
    DirectoryModule,
  ],
  controllers: [
    AdminDashboardController,
    AuditController,
    AdminUsersController,
    ImpersonationController,
    DesignAssetsAdminController,
    StickersAdminController,
    DesignChatAdminController,
    MarketingController,
    BroadcastUnsubscribeController,
    ServiceProvidersAdminController,
    AnnouncementsController,
  ],
  providers: [
    AdminRepository,
    AuditService,
    AdminUsersService,
    ImpersonationService,
    MetricsService,
    ConnectionCountsService,
    DesignChatAdminService,
    MarketingRepository,
    MarketingService,
    UserBulkRepository,
    UserBulkService,
  ],
  exports: [AuditService],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly inertia: InertiaService,
    private readonly impersonation: ImpersonationService,
    private readonly metrics: MetricsService,
    private readonly timers: TimersService,
    private readonly channels: ChannelRegistry,
    private readonly marketing: MarketingService,
    private readonly userBulk: UserBulkService,
  ) {}

  async onModuleInit(): Promise<void> {
    // The rollup re-arms itself after each run; arming at start keeps the chain alive across restarts.
    this.timers.define(ROLLUP_TIMER, async () => {
      await this.metrics.rollup();
      await this.metrics.scheduleNext();
    });
    await this.metrics.scheduleNext();
    this.marketing.registerJobs();
    this.userBulk.registerJobs();
    // Live dashboard refreshes are for admins only.
    this.channels.register(METRICS_CHANNEL.replace(/^private-/, ''), (user) => user.role === 'admin');
    this.inertia.share('impersonation', (req: Request) => this.impersonation.state(req));
    // Announcements showing now for the signed-in user (banner or toast, by audience).
    this.inertia.share('announcements', (req: Request) => (req.user ? this.marketing.liveFor(req.user) : undefined));
    // The admin layout's navigation: every console section, sent to admins only.
    this.inertia.share('adminNav', (req: Request) =>
      req.user?.role === 'admin' ? ADMIN_SECTIONS.map(({ title, href }) => ({ title, href })) : undefined,
    );
  }
}
