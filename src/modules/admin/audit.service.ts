import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditHook } from '../../common/audit-hook';
import { pageOf } from '../../common/pagination';
import type { AdminAuditJson, AdminAuditPage } from '../../contracts/admin';
import type { Page } from '../../contracts/common';
import type { User } from '../users';
import { toAuditJson } from './admin.mapper';
import { AdminRepository } from './admin.repository';
import type { AuditQueryDto } from './dto/admin.dto';
import { formFilters } from '../../common/form-filters';

/** Who acts and from where: every audited admin action carries one. */
export interface AuditContext {
  actor: Pick<User, 'id' | 'email'>;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  subject: { type: string; id?: string | null; label?: string | null };
  /** Plain JSON of the subject before and after the change. */
  before?: object | null;
  after?: object | null;
}

/** Actions the audit page offers as a filter (any recorded action can still be typed in). */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.suspended',
  'user.restored',
  'user.verification_resent',
  'user.impersonation_started',
  'user.impersonation_ended',
  'user.deleted',
  'design_asset.created',
  'design_asset.updated',
  'sticker_pack.created',
  'sticker_pack.updated',
  'sticker.added',
  'sticker.removed',
  'design_chat.hidden',
  'design_chat.dismissed',
  'design_chat.warned',
  'design_chat.suspended',
  'announcement.created',
  'announcement.ended',
  'broadcast.queued',
] as const;

/** The append-only trail of admin actions: written with the change it records, read with filters. */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AdminRepository) {}

  async record(ctx: AuditContext, entry: AuditRecord, manager?: EntityManager): Promise<AdminAuditJson> {
    const row = await this.repo.append(
      {
        actorId: ctx.actor.id,
        actorLabel: ctx.actor.email,
        action: entry.action,
        subjectType: entry.subject.type,
        subjectId: entry.subject.id ?? null,
        subjectLabel: entry.subject.label ?? null,
        before: (entry.before as Record<string, unknown> | undefined) ?? null,
        after: (entry.after as Record<string, unknown> | undefined) ?? null,
        ip: ctx.ip,
      },
      manager,
    );
    return toAuditJson(row);
  }

  /** An audit row for a change another area's service makes, written inside that service's transaction. */
  hook(ctx: AuditContext, action: string, subjectType: string, label?: string): AuditHook {
    return async (manager, change) => {
      await this.record(
        ctx,
        {
          action,
          subject: { type: subjectType, id: change.id, label: label ?? labelOf(change.after ?? change.before) },
          before: change.before,
          after: change.after,
        },
        manager,
      );
    };
  }

  async page(query: AuditQueryDto): Promise<AdminAuditPage> {
    const { page, perPage, offset } = query.window(25);
    const [rows, total] = await this.repo.page(
      {
        action: query.action || undefined,
        actorId: query.actor || undefined,
        subjectType: query.subject_type || undefined,
        subjectId: query.subject_id || undefined,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
      offset,
      perPage,
    );
    const entries: Page<AdminAuditJson> = pageOf(rows.map(toAuditJson), page, perPage, total);
    return {
      entries,
      filters: formFilters(query, ['action', 'actor', 'subject_type', 'subject_id', 'from', 'to']),
      actions: [...AUDIT_ACTIONS],
    };
  }

  async latestFor(subjectType: string, subjectId: string, limit = 20): Promise<AdminAuditJson[]> {
    return (await this.repo.latestFor(subjectType, subjectId, limit)).map(toAuditJson);
  }
}

const labelOf = (o: object | null): string | null => {
  const v = o as { name?: unknown; title?: unknown } | null;
  return typeof v?.name === 'string' ? v.name : typeof v?.title === 'string' ? v.title : null;
};
