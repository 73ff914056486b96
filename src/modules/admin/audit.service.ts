import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageOf } from '../../common/pagination';
import type { AdminAuditJson, AdminAuditPage } from '../../contracts/admin';
import type { Page } from '../../contracts/common';
import type { User } from '../users';
import { toAuditJson } from './admin.mapper';
import { AdminRepository } from './admin.repository';
import type { AuditQueryDto } from './dto/admin.dto';

/** Who acts and from where: every audited admin action carries one. */
export interface AuditContext {
  actor: Pick<User, 'id' | 'email'>;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  subject: { type: string; id?: string | null; label?: string | null };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
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
        before: entry.before ?? null,
        after: entry.after ?? null,
        ip: ctx.ip,
      },
      manager,
    );
    return toAuditJson(row);
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
      filters: {
        action: query.action ?? '',
        actor: query.actor ?? '',
        subject_type: query.subject_type ?? '',
        subject_id: query.subject_id ?? '',
        from: query.from ?? '',
        to: query.to ?? '',
      },
      actions: [...AUDIT_ACTIONS],
    };
  }

  async latestFor(subjectType: string, subjectId: string, limit = 20): Promise<AdminAuditJson[]> {
    return (await this.repo.latestFor(subjectType, subjectId, limit)).map(toAuditJson);
  }
}
