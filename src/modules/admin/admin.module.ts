import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { AuthModule } from '../auth/auth.module';
import { CommerceModule } from '../commerce/commerce.module';
import { DesignsModule } from '../designs/designs.module';
import { InertiaService } from '../inertia';
import { TeamsModule } from '../teams/teams.module';
import { ADMIN_SECTIONS } from './admin-dashboard.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { AdminRepository } from './admin.repository';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { AdminAuditEntry } from './entities/admin-audit.entity';
import { ImpersonationController } from './impersonation.controller';
import { ImpersonationService } from './impersonation.service';

/** The admin console: audit trail, users (search, roles, suspension, impersonation, deletion). */
@Module({
  imports: [TypeOrmModule.forFeature([AdminAuditEntry]), AuthModule, CommerceModule, DesignsModule, TeamsModule],
  controllers: [AuditController, AdminUsersController, ImpersonationController],
  providers: [AdminRepository, AuditService, AdminUsersService, ImpersonationService],
  exports: [AuditService],
})
export class AdminModule implements OnModuleInit {
  constructor(
    private readonly inertia: InertiaService,
    private readonly impersonation: ImpersonationService,
  ) {}

  onModuleInit(): void {
    this.inertia.share('impersonation', (req: Request) => this.impersonation.state(req));
    // The admin layout's navigation: every console section, sent to admins only.
    this.inertia.share('adminNav', (req: Request) =>
      req.user?.role === 'admin' ? ADMIN_SECTIONS.map(({ title, href }) => ({ title, href })) : undefined,
    );
  }
}
