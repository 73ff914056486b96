import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { Roles } from '../auth';
import { DirectoryService, VerifyProviderDto } from '../directory';
import { Inertia } from '../inertia';
import { AuditActor } from './audit-context';
import { AuditService, type AuditContext } from './audit.service';

/** Admin ServiceProviders/Verify: licences waiting for a check, and the verified badge (with an audit row). */
@Controller()
@Roles('admin')
export class ServiceProvidersAdminController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly audit: AuditService,
  ) {}

  @Get('admin/service-providers/verify')
  async page(@Query() q: PageQueryDto) {
    const { page, perPage } = q.window(20);
    return Inertia.render('Admin/ServiceProviders/Verify', { providers: await this.directory.awaiting(page, perPage) });
  }

  /** Providers whose licence document waits for an admin, oldest first. */
  @Get('api/admin/service-providers/awaiting')
  awaiting(@Query() q: PageQueryDto) {
    const { page, perPage } = q.window(20);
    return this.directory.awaiting(page, perPage);
  }

  /** An admin checked the provider's licence (or takes the badge back); the audit row commits with it. */
  @Post('api/service-providers/:id/verify')
  @HttpCode(200)
  async verify(@Param('id', UuidPipe) id: string, @Body() body: VerifyProviderDto, @AuditActor() actor: AuditContext) {
    const action = body.verified ? 'service_provider.verified' : 'service_provider.unverified';
    const hook = this.audit.hook(actor, action, 'service_provider');
    const provider = await this.directory.verify(id, body.verified, hook);
    return { message: body.verified ? 'Verified' : 'Badge removed', provider };
  }
}
