import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import type { AdminUserDetail, AdminUserRow, UserBulkJson } from '../../contracts/admin';
import type { Page } from '../../contracts/common';
import { CurrentUser, RequiresPasswordConfirmation, Roles, redirectTo, safeLocalPath } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { USER_TYPES } from '../users';
import { AdminUsersService } from './admin-users.service';
import { AuditActor } from './audit-context';
import type { AuditContext } from './audit.service';
import {
  AdminUsersQueryDto,
  ChangeUserRoleDto,
  DeleteUserDto,
  SuspendUserDto,
  UserBulkActionDto,
} from './dto/admin.dto';
import { ImpersonationService } from './impersonation.service';
import { UserBulkService } from './user-bulk.service';

/** Admin Users: search, a user's page, and the audited account actions (destructive ones after a recent password). */
@Controller()
@Roles('admin')
export class AdminUsersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly impersonation: ImpersonationService,
    private readonly bulk: UserBulkService,
  ) {}

  @Get('admin/users')
  async index(@Query() query: AdminUsersQueryDto) {
    const [users, bulks] = await Promise.all([this.users.search(query), this.bulk.recent()]);
    return Inertia.render('Admin/Users/Index', { users, q: query.q ?? '', bulks });
  }

  @Get('admin/users/:id')
  async page(@Param('id', UuidPipe) id: string) {
    return Inertia.render('Admin/Users/Show', { user: await this.users.show(id), types: [...USER_TYPES] });
  }

  /** Asks for the password when it was not confirmed lately, then goes back to `return` (an admin page). */
  @Get('admin/confirm-password')
  @RequiresPasswordConfirmation()
  async confirmed(@Query('return') back: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await redirectTo(req, res, safeLocalPath(typeof back === 'string' ? back : null, '/admin'));
  }

  /** Users whose email, handle or name contains q. */
  @Get('api/admin/users')
  list(@Query() query: AdminUsersQueryDto): Promise<Page<AdminUserRow>> {
    return this.users.search(query);
  }

  @Get('api/admin/users/:id')
  show(@Param('id', UuidPipe) id: string): Promise<AdminUserDetail> {
    return this.users.show(id);
  }

  /** Suspends, restores or re-sends verification to many users in a background job (progress on the admin channel). */
  @Post('api/admin/user-bulk-actions')
  @HttpCode(202)
  @RequiresPasswordConfirmation()
  async startBulk(
    @Body() body: UserBulkActionDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; bulk: UserBulkJson }> {
    const bulk = await this.bulk.start(actor, body);
    return { message: `Queued for ${bulk.total} user${bulk.total === 1 ? '' : 's'}`, bulk };
  }

  @Get('api/admin/user-bulk-actions/:id')
  bulkAction(@Param('id', UuidPipe) id: string): Promise<UserBulkJson> {
    return this.bulk.find(id);
  }

  /** Changes the user's type and/or role. */
  @Patch('api/admin/users/:id')
  @RequiresPasswordConfirmation()
  async changeRole(
    @Param('id', UuidPipe) id: string,
    @Body() body: ChangeUserRoleDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; user: AdminUserRow }> {
    return { message: 'Saved', user: await this.users.changeRole(actor, id, body) };
  }

  /** Suspends the account: its sessions end at once and sign-in is refused. */
  @Post('api/admin/users/:id/suspend')
  @HttpCode(200)
  @RequiresPasswordConfirmation()
  async suspend(
    @Param('id', UuidPipe) id: string,
    @Body() body: SuspendUserDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; user: AdminUserRow }> {
    return { message: 'Account suspended', user: await this.users.suspend(actor, id, body.reason) };
  }

  @Post('api/admin/users/:id/restore')
  @HttpCode(200)
  async restore(
    @Param('id', UuidPipe) id: string,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; user: AdminUserRow }> {
    return { message: 'Account restored', user: await this.users.restore(actor, id) };
  }

  @Post('api/admin/users/:id/verification')
  @HttpCode(200)
  async resendVerification(
    @Param('id', UuidPipe) id: string,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string }> {
    await this.users.resendVerification(actor, id);
    return { message: 'Verification email sent' };
  }

  /** Signs this browser in as the user (never an admin) until the banner's "Stop impersonating". */
  @Post('api/admin/users/:id/impersonate')
  @HttpCode(200)
  @RequiresPasswordConfirmation()
  impersonate(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() admin: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ redirect: string }> {
    return this.impersonation.start(admin, id, req, res);
  }

  /** Deletes the account on the user's request: personal data removed, ledgers kept anonymised. */
  @Delete('api/admin/users/:id')
  @RequiresPasswordConfirmation()
  async remove(
    @Param('id', UuidPipe) id: string,
    @Body() body: DeleteUserDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; user: AdminUserRow }> {
    return { message: 'Account deleted', user: await this.users.delete(actor, id, body.confirm) };
  }
}
