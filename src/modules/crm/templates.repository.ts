import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { TransactionalRepository } from '../../database/transactional-repository';
import type { TemplateKind } from '../../contracts/crm-marketing';
import { CrmEmailSend, CrmTemplate } from './entities/campaign.entity';

/** SQL for templates, tracked email sends and the global suppression list. */
@Injectable()
export class CrmTemplatesRepository extends TransactionalRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  templates(teamId: string, kinds: TemplateKind[]): Promise<CrmTemplate[]> {
    return this.m
      .getRepository(CrmTemplate)
      .find({ where: { teamId, kind: In(kinds) }, order: { updatedAt: 'DESC' }, take: 200 });
  }

  findTemplate(id: string): Promise<CrmTemplate | null> {
    return this.m.getRepository(CrmTemplate).findOneBy({ id });
  }

  async saveTemplate(t: Partial<CrmTemplate>): Promise<CrmTemplate> {
    const repo = this.m.getRepository(CrmTemplate);
    return repo.save(repo.create(t));
  }

  async deleteTemplate(id: string): Promise<void> {
    await this.m.getRepository(CrmTemplate).delete(id);
  }

  /** Of these addresses, the ones on the suppression list. */
  async suppressed(emails: string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const rows = (await this.m.query(`SELECT email FROM crm_suppressions WHERE email = ANY($1)`, [emails])) as Array<{
      email: string;
    }>;
    return new Set(rows.map((r) => r.email));
  }

  /** Idempotent: the first reason an address was suppressed is kept. */
  async suppress(email: string, reason: 'unsubscribe' | 'bounce' | 'complaint', at: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO crm_suppressions (email, reason, created_at) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING`,
      [email, reason, at],
    );
  }

  /** In the caller's transaction (with each contact's timeline entry). */
  async insertSends(m: EntityManager, rows: Array<Omit<CrmEmailSend, 'id' | 'openedAt'>>): Promise<void> {
    if (rows.length) await m.getRepository(CrmEmailSend).insert(rows.map((r) => ({ ...r, openedAt: null })));
  }

  findSend(token: string): Promise<CrmEmailSend | null> {
    return this.m.getRepository(CrmEmailSend).findOneBy({ token });
  }

  async markOpened(token: string, at: Date): Promise<void> {
    await this.m.query(`UPDATE crm_email_sends SET opened_at = $2 WHERE token = $1 AND opened_at IS NULL`, [token, at]);
  }

  sends(teamId: string, offset: number, limit: number): Promise<[CrmEmailSend[], number]> {
    return this.m
      .getRepository(CrmEmailSend)
      .findAndCount({ where: { teamId }, order: { sentAt: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  /** Up to `limit` live contacts of a book by ids or by stage/tag (an agent's only their own). */
  recipients(
    teamId: string,
    f: { ids?: string[]; stage?: string; tag?: string; agentId?: string },
    limit: number,
  ): Promise<Array<{ id: string; name: string; email: string | null; agent_id: string | null }>> {
    const where = ['team_id = $1', 'merged_into_id IS NULL'];
    const args: unknown[] = [teamId];
    const add = (sql: string, value: unknown) => {
      args.push(value);
      where.push(sql.replace('?', `$${args.length}`));
    };
    if (f.ids) add('id = ANY(?)', f.ids);
    if (f.stage) add('stage = ?', f.stage);
    if (f.tag) add('tags @> ARRAY[?]::text[]', f.tag);
    if (f.agentId) add('agent_id = ?', f.agentId);
    args.push(limit);
    return this.m.query(
      `SELECT id, name, email, agent_id FROM crm_contacts WHERE ${where.join(' AND ')}
       ORDER BY last_activity_at DESC LIMIT $${args.length}`,
      args,
    );
  }
}
