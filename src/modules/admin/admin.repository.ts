import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { AdminAuditEntry } from './entities/admin-audit.entity';

export interface AuditFilter {
  action?: string;
  actorId?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
}

export type NewAuditEntry = Omit<AdminAuditEntry, 'id' | 'at'> & { at?: Date };

/** The admin console's SQL: the append-only audit trail. */
@Injectable()
export class AdminRepository {
  constructor(@InjectRepository(AdminAuditEntry) private readonly audit: Repository<AdminAuditEntry>) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.audit.manager.transaction(work);
  }

  /** Inserts one audit row (inside the caller's transaction when given, so the row commits with the change). */
  async append(entry: NewAuditEntry, manager: EntityManager = this.audit.manager): Promise<AdminAuditEntry> {
    const repo = manager.getRepository(AdminAuditEntry);
    return repo.save(repo.create({ ...entry, at: entry.at ?? new Date() }));
  }

  /** Newest first; each filter is served by one of the audit indexes. */
  page(filter: AuditFilter, offset: number, limit: number): Promise<[AdminAuditEntry[], number]> {
    const qb = this.audit.createQueryBuilder('a').orderBy('a.at', 'DESC').addOrderBy('a.id', 'DESC');
    if (filter.action) qb.andWhere('a.action = :action', { action: filter.action });
    if (filter.actorId) qb.andWhere('a.actor_id = :actorId', { actorId: filter.actorId });
    if (filter.subjectType) qb.andWhere('a.subject_type = :subjectType', { subjectType: filter.subjectType });
    if (filter.subjectId) qb.andWhere('a.subject_id = :subjectId', { subjectId: filter.subjectId });
    if (filter.from) qb.andWhere('a.at >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('a.at < :to', { to: filter.to });
    return qb.skip(offset).take(limit).getManyAndCount();
  }

  /** The latest rows about one subject (a user's page). */
  latestFor(subjectType: string, subjectId: string, limit: number): Promise<AdminAuditEntry[]> {
    return this.audit.find({ where: { subjectType, subjectId }, order: { at: 'DESC', id: 'DESC' }, take: limit });
  }
}
