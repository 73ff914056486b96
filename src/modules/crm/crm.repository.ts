import { Injectable } from '@nestjs/common';
import type { PoolClient, QueryResultRow } from 'pg';
import { type EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/raw-rows';
import type { LeadSource } from '../../contracts/crm';
import { CrmContact, CrmLead, CrmRoutingRule, CrmSettings } from './entities/crm.entity';
import { CrmContactsRepository } from './contacts/crm-contacts.repository';
import { INTAKE_READ, INTAKE_WRITE_NEW, intakeWriteKnown, leadOfRow, ROUTING_AGENTS } from './leads/crm-intake.sql';
import type { RuleForRouting } from './leads/routing';

export type { ContactFilters, NewContact } from './contacts/crm-contacts.repository';

export type NewLead = Omit<CrmLead, 'id' | 'reassignments' | 'contactedAt'>;

/** A book without settings hands an uncontacted lead on after this many minutes. */
const DEFAULT_SPEED_TO_LEAD = 15;

type IdentityKeys = { email: string | null; phone: string | null; userId: string | null };

/** A live contact sharing an identity key with a submission. */
export interface IdentityMatch extends IdentityKeys {
  id: string;
  name: string;
  tags: string[];
  agentId: string | null;
}

/** What an intake decides on (INTAKE_READ). */
export interface IntakeRead {
  seenLeadId: string | null;
  matches: IdentityMatch[];
  rules: RuleForRouting[];
  paused: Set<string>;
  speedToLeadMinutes: number;
}

/** Blanks an intake fills on a known contact. */
export type ContactFill = Partial<Pick<CrmContact, 'name' | 'email' | 'phone' | 'userId' | 'consentVersion' | 'tags'>>;

const FILL_COLUMNS: Record<keyof ContactFill, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  userId: 'user_id',
  consentVersion: 'consent_version',
  tags: 'tags',
};

/** One intake's writes: the lead (its contact known or new), its timeline data, the round-robin cursor. */
export interface IntakeWrite {
  lead: Omit<NewLead, 'contactId'>;
  data: Record<string, unknown>;
  cursor: { ruleId: string; cursor: number } | null;
  contact: { id: string; fill: ContactFill } | { create: IdentityKeys & { name: string; tags: string[] } };
}

/** The only place with SQL for the CRM tables. `transaction` hands out a copy bound to one transaction. */
@Injectable()
export class CrmRepository extends CrmContactsRepository {
  /** The manager these methods run on (the transaction's in a bound copy), for other services' writes in it. */
  get manager(): EntityManager {
    return this.m;
  }

  /** Serialises writers of the same identity key in one book until the transaction ends. */
  async lockKeys(teamId: string, keys: string[]): Promise<void> {
    // One round trip: the locks are taken in sorted key order (the subquery's), so two writers never deadlock.
    const sorted = [...new Set(keys)].sort().map((key) => `crm:${teamId}:${key}`);
    await this.named(
      'crm_lock_keys',
      `SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
         FROM (SELECT k FROM unnest($1::text[]) WITH ORDINALITY AS u(k, i) ORDER BY i) ordered`,
      [sorted],
    );
  }

  /**
   * A hot statement as a named (server-side prepared) statement, parsed and planned once per connection: on the
   * transaction's connection in a bound copy, else on the pool.
   */
  private async named<R>(name: string, text: string, values: unknown[]): Promise<R[]> {
    const runner = this.m.queryRunner;
    if (!runner) return preparedQuery<R & QueryResultRow>(this.db, name, text, values);
    const client = (await runner.connect()) as PoolClient;
    return (await client.query<R & QueryResultRow>({ name, text, values })).rows;
  }

  // ---- intake -----------------------------------------------------------------------------------------------------

  /** INTAKE_READ: run after `lockKeys`, so the keys' contacts and the (source, reference) lead are settled. */
  async intakeRead(teamId: string, source: LeadSource, sourceRef: string, keys: IdentityKeys): Promise<IntakeRead> {
    const [row] = (await this.m.query(INTAKE_READ, [
      teamId,
      source,
      sourceRef,
      keys.email,
      keys.phone,
      keys.userId,
    ])) as [Omit<IntakeRead, 'paused'> & { paused: string[]; speedToLeadMinutes: number | null }];
    return { ...row, paused: new Set(row.paused), speedToLeadMinutes: row.speedToLeadMinutes ?? DEFAULT_SPEED_TO_LEAD };
  }

  /** The agents routing may name in a book (every rule's; with keys, those of the contacts sharing one too). */
  async routingAgents(teamId: string, keys: IdentityKeys | null): Promise<string[]> {
    const rows = await this.named<{ a: string }>('crm_routing_agents', ROUTING_AGENTS, [
      teamId,
      !!keys,
      keys?.email ?? null,
      keys?.phone ?? null,
      keys?.userId ?? null,
    ]);
    return rows.map((r) => r.a);
  }

  /**
   * An intake's writes in one statement: the lead, its timeline entry, the contact (inserted, or its blanks, agent
   * and last activity updated) and the rule's cursor. Null when the (source, reference) was already received.
   */
  async intakeWrite(w: IntakeWrite): Promise<{ lead: CrmLead; contactName: string } | null> {
    const l = w.lead;
    const params: unknown[] = [
      l.teamId,
      l.source,
      l.sourceRef,
      l.message,
      l.propertyId,
      l.zip,
      l.priceMinor,
      l.propertyType,
      l.consentVersion,
      l.campaignId,
      l.status,
      l.agentId,
      l.candidateIds,
      l.ruleId,
      l.routingReason,
      l.createdAt,
      JSON.stringify(w.data),
      w.cursor?.ruleId ?? null,
      w.cursor?.cursor ?? null,
    ];
    let sql: string;
    let name: string;
    if ('create' in w.contact) {
      const c = w.contact.create;
      [sql, name] = [INTAKE_WRITE_NEW, 'crm_intake_write_new'];
      params.push(c.name, c.email, c.phone, c.userId, c.tags);
    } else {
      // The statement differs by the columns filled, and so does its name (at most 2^6 of them).
      const fill = Object.entries(w.contact.fill) as Array<[keyof ContactFill, unknown]>;
      sql = intakeWriteKnown(fill.map(([k], i) => `${FILL_COLUMNS[k]} = $${21 + i}`));
      name = ['crm_intake_write_known', ...fill.map(([k]) => FILL_COLUMNS[k])].join('_');
      params.push(w.contact.id, ...fill.map(([, v]) => v));
    }
    const [row] = await this.named<CrmLead & { contactName: string | null }>(name, sql, params);
    if (!row) return null;
    const { contactName, ...lead } = row;
    return { lead: leadOfRow(lead), contactName: contactName ?? '' };
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
        speedToLeadMinutes: DEFAULT_SPEED_TO_LEAD,
        followsAsLeads: false,
      }
    );
  }

  async saveSettings(s: CrmSettings): Promise<void> {
    await this.m.getRepository(CrmSettings).upsert(s, ['teamId']);
  }
}
