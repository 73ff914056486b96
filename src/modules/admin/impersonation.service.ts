import { ConflictException, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ImpersonationState } from '../../contracts/admin';
import { SessionAuthService } from '../auth';
import { User, UsersService } from '../users';
import { AdminUsersService } from './admin-users.service';
import { auditContext } from './audit-context';
import { AuditService } from './audit.service';
import '../../common/session.types';
import { requireImpersonable } from './admin.policy';

/**
 * Support staff act as a user: the session becomes the user's (a fresh session id, no password confirmation, so
 * nothing the user's password guards is reachable) and remembers the admin, who returns with one click. Never another
 * admin, never a suspended account; both ends are audited.
 */
@Injectable()
export class ImpersonationService {
  constructor(
    private readonly users: UsersService,
    private readonly adminUsers: AdminUsersService,
    private readonly audit: AuditService,
    private readonly sessions: SessionAuthService,
  ) {}

  async start(admin: User, targetId: string, req: Request, res: Response): Promise<{ redirect: string }> {
    const target = await this.adminUsers.findOrFail(targetId);
    if (target.id === admin.id) throw new ConflictException('You are already signed in as yourself.');
    requireImpersonable(target);
    await this.audit.record(auditContext(admin, req), {
      action: 'user.impersonation_started',
      subject: { type: 'user', id: target.id, label: target.email },
    });
    await this.sessions.login(req, res, target);
    req.session.impersonatorId = admin.id;
    return { redirect: '/dashboard' };
  }

  /** Back to the admin's own session; if that admin lost the role meanwhile, simply signed out. */
  async end(user: User, req: Request, res: Response): Promise<{ redirect: string }> {
    const adminId = req.session.impersonatorId;
    if (!adminId) throw new ConflictException('You are not impersonating anyone.');
    const admin = await this.users.findById(adminId);
    if (!admin || admin.role !== 'admin' || admin.suspendedAt) {
      await this.sessions.logout(req, res);
      return { redirect: '/login' };
    }
    await this.audit.record(auditContext(admin, req), {
      action: 'user.impersonation_ended',
      subject: { type: 'user', id: user.id, label: user.email },
    });
    await this.sessions.login(req, res, admin);
    return { redirect: `/admin/users/${user.id}` };
  }

  /** The banner's facts, shared on every page while impersonating. */
  async state(req: Request): Promise<ImpersonationState | null> {
    const adminId = req.session?.impersonatorId;
    if (!adminId || !req.user) return null;
    const [admin] = await this.users.findByIds([adminId]);
    return { admin_name: admin?.name ?? 'An admin', user_name: req.user.name };
  }
}
