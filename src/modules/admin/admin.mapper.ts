import type { AdminAuditJson, AdminUserRow, UserBulkJson } from '../../contracts/admin';
import type { User } from '../users';
import type { AnnouncementJson, BroadcastJson } from '../../contracts/admin-content';
import { iso } from '../../common/iso';
import type { AdminAuditEntry } from './entities/admin-audit.entity';
import type { AnnouncementRow, BroadcastRow } from './marketing.repository';
import type { UserBulkRow } from './user-bulk.repository';

export function toAuditJson(row: AdminAuditEntry): AdminAuditJson {
  return {
    id: String(row.id),
    actor: { id: row.actorId, label: row.actorLabel },
    action: row.action,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    before: row.before,
    after: row.after,
    ip: row.ip,
    at: iso(row.at),
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
    created_at: iso(user.createdAt),
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

export const toAnnouncementJson = (r: AnnouncementRow): AnnouncementJson => ({
  id: r.id,
  title: r.title,
  body: r.body,
  url: r.url,
  style: r.style,
  audience: r.audience,
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
  created_at: iso(r.created_at),
});

export const toBroadcastJson = (r: BroadcastRow): BroadcastJson => ({
  id: r.id,
  title: r.title,
  body: r.body,
  url: r.url,
  audience: r.audience,
  status: r.status,
  total: Number(r.total),
  sent: Number(r.sent),
  email: r.email,
  emailed: Number(r.emailed),
  suppressed: Number(r.suppressed),
  created_at: iso(r.created_at),
  finished_at: iso(r.finished_at),
});

export const toUserBulkJson = (r: UserBulkRow): UserBulkJson => ({
  id: r.id,
  action: r.action,
  reason: r.reason,
  status: r.status,
  total: Number(r.total),
  done: Number(r.done),
  skipped: Number(r.skipped),
  created_at: iso(r.created_at),
  finished_at: iso(r.finished_at),
  skipped_examples: r.skipped_examples,
});
