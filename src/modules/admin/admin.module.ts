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

/** The admin console: dashboard and metrics rollups, audit trail, users (roles, suspension, impersonation, deletion). */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntry]), AuthModule, CommerceModule, DesignsModule, TeamsModule],
  controllers: [AdminDashboardController, AuditController, AdminUsersController, ImpersonationController],
  providers: [AdminRepository, AuditService, AdminUsersService, ImpersonationService, MetricsService],
  exports: [AuditService],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly inertia: InertiaService,
    private readonly impersonation: ImpersonationService,
    private readonly metrics: MetricsService,
    private readonly timers: TimersService,
    private readonly channels: ChannelRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    // The rollup re-arms itself after each run; arming at start keeps the chain alive across restarts.
    this.timers.define(ROLLUP_TIMER, async () => {
      await this.metrics.rollup();
      await this.metrics.scheduleNext();
    });
    await this.metrics.scheduleNext();
    // Live dashboard refreshes are for admins only.
    this.channels.register(METRICS_CHANNEL.replace(/^private-/, ''), (user) => user.role === 'admin');
    this.inertia.share('impersonation', (req: Request) => this.impersonation.state(req));
    // The admin layout's navigation: every console section, sent to admins only.
    this.inertia.share('adminNav', (req: Request) =>
      req.user?.role === 'admin' ? ADMIN_SECTIONS.map(({ title, href }) => ({ title, href })) : undefined,
    );
  }
}
