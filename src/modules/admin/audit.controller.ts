import { Controller, Get, Query } from '@nestjs/common';
import type { AdminAuditPage } from '../../contracts/admin';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { AuditService } from './audit.service';
import { AuditQueryDto } from './dto/admin.dto';

/** Admin Audit: every admin action, newest first, filtered by action, actor, subject and dates. */
@Controller()
@Roles('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('admin/audit')
  async page(@Query() query: AuditQueryDto) {
    return Inertia.render('Admin/Audit', { ...(await this.audit.page(query)) });
  }

  /** The audit trail, paged and filtered. */
  @Get('api/admin/audit')
  list(@Query() query: AuditQueryDto): Promise<AdminAuditPage> {
    return this.audit.page(query);
  }
}
