import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { LeadSource } from '../../contracts/crm';
import { CrmLead, CrmRoutingRule, CrmSettings } from './entities/crm.entity';
import { CrmContactsRepository } from './crm-contacts.repository';

export type { ContactFilters, NewContact } from './crm-contacts.repository';

export type NewLead = Omit<CrmLead, 'id' | 'reassignments' | 'contactedAt'>;

/** The only place with SQL for the CRM tables. `transaction` hands out a copy bound to one transaction. */
@Injectable()
export class CrmRepository extends CrmContactsRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  /** The manager these methods run on (the transaction's in a bound copy), for other services' writes in it. */
  get manager(): EntityManager {
    return this.m;
  }

  /** Serialises writers of the same identity key in one book until the transaction ends. */
  async lockKeys(teamId: string, keys: string[]): Promise<void> {
    // One round trip: the locks are taken in sorted key order (the subquery's), so two writers never deadlock.
    const sorted = [...new Set(keys)].sort().map((key) => `crm:${teamId}:${key}`);
    await this.m.query(
      `SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
         FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS u(k, i) ORDER BY i) ordered`,
      [sorted],
    );
  }

  // ---- leads ------------------------------------------------------------------------------------------------------

  /** The lead, or null when this (source, reference) was already received by the book. */
  async insertLead(l: NewLead): Promise<CrmLead | null> {
    const result = await this.m
      .getRepository(CrmLead)
      .createQueryBuilder()
      .insert()
      .values(l)
      .orIgnore()
      .returning('id')
      .execute();
    const id = (result.raw as Array<{ id: string }>)[0]?.id;
    return id ? this.findLead(id) : null;
  }

  findLeadBySource(teamId: string, source: LeadSource, sourceRef: string): Promise<CrmLead | null> {
    return this.m.getRepository(CrmLead).findOneBy({ teamId, source, sourceRef });
  }

  findLead(id: string, lock = false): Promise<CrmLead | null> {
    const q = this.m.getRepository(CrmLead).createQueryBuilder('l').where('l.id = :id', { id });
    if (lock) q.setLock('pessimistic_write');
    return q.getOne();
  }

  async updateLead(id: string, values: Partial<CrmLead>): Promise<void> {
    await this.m.getRepository(CrmLead).update(id, values);
  }

  /** The first claim wins: only a claimable lead offered to this agent changes, in one statement. */
  async claim(id: string, agentId: string, at: Date): Promise<boolean> {
    const [, affected] = (await this.m.query(
      `UPDATE crm_leads SET status = 'assigned', agent_id = $2, assigned_at = $3, candidate_ids = '{}'
       WHERE id = $1 AND status = 'claimable' AND $2 = ANY(candidate_ids)`,
      [id, agentId, at],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Open leads of a contact become contacted (first contact time kept). */
  async markContacted(contactId: string, at: Date): Promise<void> {
    await this.m.query(
      `UPDATE crm_leads SET status = 'contacted', contacted_at = $2 WHERE contact_id = $1 AND contacted_at IS NULL`,
      [contactId, at],
    );
  }

  leadsOf(agentId: string, offset: number, limit: number): Promise<[CrmLead[], number]> {
    return this.m
      .getRepository(CrmLead)
      .findAndCount({ where: { agentId }, order: { createdAt: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  claimableFor(agentId: string, limit: number): Promise<CrmLead[]> {
    return this.m
      .getRepository(CrmLead)
      .createQueryBuilder('l')
      .where(`l.status = 'claimable' AND l.candidateIds @> ARRAY[:agentId]::uuid[]`, { agentId })
      .orderBy('l.createdAt', 'DESC')
      .take(limit)
      .getMany();
  }

  /** Does this agent hold (or may claim) a lead on the contact? */
  async agentHasLeadOn(contactId: string, agentId: string): Promise<boolean> {
    const rows = (await this.m.query(
      `SELECT 1 FROM crm_leads WHERE contact_id = $1 AND (agent_id = $2 OR $2 = ANY(candidate_ids)) LIMIT 1`,
      [contactId, agentId],
    )) as unknown[];
    return rows.length > 0;
  }

  contactNames(ids: string[]): Promise<Array<{ id: string; name: string }>> {
    return ids.length
      ? this.m.query(`SELECT id, name FROM crm_contacts WHERE id = ANY($1)`, [ids])
      : Promise.resolve([]);
  }

  // ---- routing ----------------------------------------------------------------------------------------------------

  /** The book's rules in order, locked so round-robin cursors advance one lead at a time. */
  rules(teamId: string, lock = false): Promise<CrmRoutingRule[]> {
    const q = this.m
      .getRepository(CrmRoutingRule)
      .createQueryBuilder('r')
      .where('r.teamId = :teamId', { teamId })
      .orderBy('r.position', 'ASC');
    if (lock) q.setLock('pessimistic_write');
    return q.getMany();
  }

  async setCursor(ruleId: string, cursor: number): Promise<void> {
    await this.m.getRepository(CrmRoutingRule).update(ruleId, { cursor });
  }

  async replaceRules(teamId: string, rules: Array<Omit<CrmRoutingRule, 'id' | 'teamId' | 'createdAt' | 'cursor'>>) {
    await this.m.query(`DELETE FROM crm_routing_rules WHERE team_id = $1`, [teamId]);
    if (rules.length) {
      await this.m.getRepository(CrmRoutingRule).insert(rules.map((r) => ({ ...r, teamId, cursor: 0 })));
    }
  }

  async pausedAgents(teamId: string): Promise<Set<string>> {
    const rows = (await this.m.query(`SELECT user_id FROM crm_agent_settings WHERE team_id = $1 AND paused`, [
      teamId,
    ])) as Array<{ user_id: string }>;
    return new Set(rows.map((r) => r.user_id));
  }

  async setPaused(teamId: string, userId: string, paused: boolean): Promise<void> {
    await this.m.query(
      `INSERT INTO crm_agent_settings (team_id, user_id, paused) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) DO UPDATE SET paused = EXCLUDED.paused`,
      [teamId, userId, paused],
    );
  }

  async settings(teamId: string): Promise<CrmSettings> {
    return (
      (await this.m.getRepository(CrmSettings).findOneBy({ teamId })) ?? {
        teamId,
        speedToLeadMinutes: 15,
        followsAsLeads: false,
      }
    );
  }

  async saveSettings(s: CrmSettings): Promise<void> {
    await this.m.getRepository(CrmSettings).upsert(s, ['teamId']);
  }
}
