import type { AdminAuditJson, AdminUserRow } from '../../contracts/admin';
import type { User } from '../users';
import type { AdminAuditEntry } from './entities/admin-audit.entity';

export function toAuditJson(row: AdminAuditEntry): AdminAuditJson {
  return {
    id: String(row.id),
    actor: { id: row.actorId, label: row.actorLabel },
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    before: row.before,
    after: row.after,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}

export function userState(user: Pick<User, 'suspendedAt' | 'deletedAt'>): AdminUserRow['state'] {
  if (user.deletedAt) return 'deleted';
  return user.suspendedAt ? 'suspended' : 'active';
}

export function toAdminUserRow(user: User): AdminUserRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    handle: user.handle,
    type: user.type,
    role: user.role,
    state: userState(user),
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

/** The fields of a user an audit row records before and after a change (never secrets). */
export function auditedUser(user: User): Record<string, unknown> {
  return {
    email: user.email,
    name: user.name,
    handle: user.handle,
    type: user.type,
    role: user.role,
    state: userState(user),
    suspension_reason: user.suspensionReason,
  };
}
