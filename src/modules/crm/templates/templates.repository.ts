import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { TransactionalRepository } from '../../../database/transactional-repository';
import type { TemplateKind } from '../../../contracts/crm-marketing';
import { CrmEmailSend, CrmTemplate } from '../entities/campaign.entity';

export type QueuedSend = Pick<
  CrmEmailSend,
  | 'id'
  | 'batchId'
  | 'teamId'
  | 'templateId'
  | 'templateName'
  | 'contactId'
  | 'email'
  | 'token'
  | 'sentBy'
  | 'sentAt'
  | 'subject'
  | 'html'
  | 'textBody'
  | 'links'
>;

/** SQL for templates, tracked email sends and the global suppression list. */
@Injectable()
export class CrmTemplatesRepository extends TransactionalRepository {
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

  /** Outbox rows (`queued`, with their rendered mail), in the caller's transaction with the timeline entries. */
  async insertSends(m: EntityManager, rows: QueuedSend[]): Promise<void> {
    if (rows.length) await m.getRepository(CrmEmailSend).insert(rows.map((r) => ({ ...r, state: 'queued' as const })));
  }

  async queuedIds(batchId: string): Promise<string[]> {
    const rows = (await this.m.query(
      `SELECT id FROM crm_email_sends WHERE batch_id = $1 AND state = 'queued' ORDER BY id`,
      [batchId],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** The row while it is still queued, locked until the caller's transaction ends (a second sender waits). */
  async lockQueued(id: string): Promise<CrmEmailSend | null> {
    return this.m
      .getRepository(CrmEmailSend)
      .findOne({ where: { id, state: 'queued' }, lock: { mode: 'pessimistic_write' } });
  }

  /** Delivered (or cancelled): the rendered mail is no longer kept. */
  async finishSend(id: string, state: 'sent' | 'cancelled', at: Date): Promise<void> {
    await this.m.query(
      `UPDATE crm_email_sends SET state = $2::varchar, delivered_at = CASE WHEN $2::varchar = 'sent' THEN $3::timestamptz END,
              html = NULL, text_body = NULL
        WHERE id = $1 AND state = 'queued'`,
      [id, state, at],
    );
  }

  findSendById(id: string): Promise<CrmEmailSend | null> {
    return this.m.getRepository(CrmEmailSend).findOneBy({ id });
  }

  /** One click: the count grows by one, the first click (and the open) keep their first time. */
  async recordClick(id: string, at: Date): Promise<void> {
    await this.m.query(
      `UPDATE crm_email_sends SET clicks = clicks + 1, first_clicked_at = COALESCE(first_clicked_at, $2),
              opened_at = COALESCE(opened_at, $2)
        WHERE id = $1`,
      [id, at],
    );
  }

  /** False when this provider event id was recorded before (a repeated delivery of the webhook). */
  async recordMailEvent(e: { id: string; kind: string; email: string; sendId: string | null; at: Date }) {
    const rows = (await this.m.query(
      `INSERT INTO crm_mail_events (id, kind, email, send_id, received_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [e.id, e.kind, e.email, e.sendId, e.at],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The recipient row an event is about: the named send when it went to that address, else the latest to it. */
  async sendForEvent(sendId: string | null, email: string): Promise<CrmEmailSend | null> {
    const repo = this.m.getRepository(CrmEmailSend);
    const named = sendId ? await repo.findOneBy({ id: sendId, email }) : null;
    return named ?? repo.findOne({ where: { email }, order: { sentAt: 'DESC', id: 'DESC' } });
  }

  async markFailed(id: string, failure: 'bounce' | 'complaint', at: Date): Promise<void> {
    await this.m.query(
      `UPDATE crm_email_sends SET failure = COALESCE(failure, $2), failed_at = COALESCE(failed_at, $3) WHERE id = $1`,
      [id, failure, at],
    );
  }

  async countSoftBounce(id: string): Promise<void> {
    await this.m.query(`UPDATE crm_email_sends SET soft_bounces = soft_bounces + 1 WHERE id = $1`, [id]);
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
