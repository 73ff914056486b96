import type { SelectQueryBuilder } from 'typeorm';
import { In } from 'typeorm';
import { TransactionalRepository } from '../../../database/transactional-repository';
import { CrmActivity, CrmContact, CrmMerge, CrmTask } from '../entities/crm.entity';
import { CONTACTS_COUNT_CAP } from '../crm.constants';
import { contactSearchPrefix } from './identity';

export interface ContactFilters {
  q?: string;
  stage?: string;
  tag?: string;
  source?: string;
  agentId?: string;
}

export type NewContact = Pick<CrmContact, 'teamId' | 'name' | 'email' | 'phone' | 'userId' | 'source'> &
  Partial<Pick<CrmContact, 'tags' | 'agentId' | 'consentVersion' | 'stage'>> & { at: Date };

/**
 * The CRM's contacts and their timeline (activities, tasks, merges): the first half of `CrmRepository`, which
 * extends it with leads and routing, so one object (and one transaction-bound copy) serves both halves.
 */
export abstract class CrmContactsRepository extends TransactionalRepository {
  // ---- contacts ---------------------------------------------------------------------------------------------------

  findContact(id: string, lock = false): Promise<CrmContact | null> {
    const q = this.m.getRepository(CrmContact).createQueryBuilder('c').where('c.id = :id', { id });
    if (lock) q.setLock('pessimistic_write');
    return q.getOne();
  }

  /** Live contacts of a book sharing any identity key, oldest first. */
  findByIdentity(teamId: string, keys: { email: string | null; phone: string | null; userId?: string | null }) {
    return this.m
      .getRepository(CrmContact)
      .createQueryBuilder('c')
      .where('c.teamId = :teamId AND c.mergedIntoId IS NULL', { teamId })
      .andWhere('(c.email = :email OR c.phone = :phone OR c.userId = :userId)', {
        email: keys.email ?? '',
        phone: keys.phone ?? '',
        userId: keys.userId ?? '00000000-0000-0000-0000-000000000000',
      })
      .orderBy('c.createdAt', 'ASC')
      .getMany();
  }

  async insertContact(c: NewContact): Promise<CrmContact> {
    const [row] = (await this.m.query(
      `INSERT INTO crm_contacts (team_id, name, email, phone, user_id, source, tags, agent_id, consent_version, stage,
         last_activity_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11) RETURNING id`,
      [
        c.teamId,
        c.name,
        c.email,
        c.phone,
        c.userId,
        c.source,
        c.tags ?? [],
        c.agentId ?? null,
        c.consentVersion ?? null,
        c.stage ?? 'new',
        c.at,
      ],
    )) as Array<{ id: string }>;
    return (await this.findContact(row.id))!;
  }

  async updateContact(id: string, values: Partial<CrmContact>): Promise<void> {
    await this.m.getRepository(CrmContact).update(id, values);
  }

  /**
   * One page of a book's contacts, newest activity first, and the filtered total counted up to CONTACTS_COUNT_CAP
   * (an exact count of a million-contact book costs a second a page). A search takes its matches through the GIN
   * index first (a materialised set, so the planner cannot walk the recency index past every non-match of a rare
   * term): up to the cap they are sorted among themselves; a commoner term walks the recency index, which meets its
   * page at once.
   */
  async listContacts(
    teamId: string,
    f: ContactFilters,
    offset: number,
    limit: number,
  ): Promise<[CrmContact[], number, boolean]> {
    const q = this.m
      .getRepository(CrmContact)
      .createQueryBuilder('c')
      .where('c.teamId = :teamId AND c.mergedIntoId IS NULL', { teamId });
    if (f.stage) q.andWhere('c.stage = :stage', { stage: f.stage });
    if (f.source) q.andWhere('c.source = :source', { source: f.source });
    if (f.tag) q.andWhere('c.tags @> ARRAY[:tag]::text[]', { tag: f.tag });
    if (f.agentId) q.andWhere('c.agentId = :agentId', { agentId: f.agentId });
    const words = (f.q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const prefix = contactSearchPrefix(f.q);
    if (prefix || words.length) {
      // An email or phone being typed is a prefix range of crm_contacts_email_prefix / _phone_prefix (btree);
      // other text goes through the search tsvector's GIN index.
      if (prefix) {
        const params = Object.fromEntries(prefix.like.map((p, i) => [`like${i}`, p]));
        q.andWhere(`(${prefix.like.map((_, i) => `c.${prefix.column} LIKE :like${i}`).join(' OR ')})`, params);
      } else {
        q.andWhere(`c.search @@ to_tsquery('simple', :tsq)`, { tsq: words.map((w) => `${w}:*`).join(' & ') });
      }
      const [sql, params] = q
        .clone()
        .select(['c.id AS id', 'c.last_activity_at AS at'])
        .limit(CONTACTS_COUNT_CAP + 1)
        .getQueryAndParameters();
      const hits = (await this.m.query(
        `WITH hits AS MATERIALIZED (${sql})
         SELECT id, (SELECT count(*)::int FROM hits) AS n FROM hits ORDER BY at DESC, id DESC
         OFFSET ${Number(offset)} LIMIT ${Number(limit)}`,
        params,
      )) as Array<{ id: string; n: number }>;
      const n = hits[0]?.n ?? (offset ? await this.cappedCount(q) : 0);
      if (n <= CONTACTS_COUNT_CAP) {
        const found = new Map((await this.contactsIn(hits.map((h) => h.id))).map((c) => [c.id, c]));
        return [hits.map((h) => found.get(h.id)!).filter(Boolean), n, false];
      }
    }
    const rows = await q
      .orderBy('c.lastActivityAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getMany();
    const total = await this.cappedCount(q);
    return [rows, Math.min(total, CONTACTS_COUNT_CAP), total > CONTACTS_COUNT_CAP];
  }

  private async cappedCount(q: SelectQueryBuilder<CrmContact>): Promise<number> {
    const [sql, params] = q
      .clone()
      .select('1')
      .orderBy()
      .skip(undefined)
      .take(undefined)
      .limit(CONTACTS_COUNT_CAP + 1)
      .getQueryAndParameters();
    const [row] = (await this.m.query(`SELECT count(*)::int AS n FROM (${sql}) capped`, params)) as Array<{
      n: number;
    }>;
    return row.n;
  }

  private contactsIn(ids: string[]): Promise<CrmContact[]> {
    return ids.length ? this.m.getRepository(CrmContact).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** Every live contact of a book in pages (export), newest activity first. */
  contactsAfter(teamId: string, after: { at: Date; id: string } | null, limit: number): Promise<CrmContact[]> {
    const q = this.m
      .getRepository(CrmContact)
      .createQueryBuilder('c')
      .where('c.teamId = :teamId AND c.mergedIntoId IS NULL', { teamId });
    if (after) q.andWhere('(c.lastActivityAt, c.id) < (:at, :id)', after);
    return q.orderBy('c.lastActivityAt', 'DESC').addOrderBy('c.id', 'DESC').take(limit).getMany();
  }

  async tagsOf(teamId: string): Promise<string[]> {
    const rows = (await this.m.query(
      `SELECT DISTINCT unnest(tags) AS tag FROM crm_contacts WHERE team_id = $1 AND merged_into_id IS NULL
       ORDER BY 1 LIMIT 200`,
      [teamId],
    )) as Array<{ tag: string }>;
    return rows.map((r) => r.tag);
  }

  // ---- activities, tasks, merges ----------------------------------------------------------------------------------

  /** Adds to the timeline and moves the contact's last activity, in one statement. */
  async addActivity(a: Omit<CrmActivity, 'id'>): Promise<void> {
    await this.m.query(
      `WITH a AS (
         INSERT INTO crm_activities (team_id, contact_id, kind, source, body, data, actor_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING contact_id, created_at)
       UPDATE crm_contacts c SET last_activity_at = greatest(c.last_activity_at, a.created_at), updated_at = a.created_at
       FROM a WHERE c.id = a.contact_id`,
      [a.teamId, a.contactId, a.kind, a.source, a.body, JSON.stringify(a.data), a.actorId, a.createdAt],
    );
  }

  activities(contactId: string, limit: number): Promise<CrmActivity[]> {
    return this.m
      .getRepository(CrmActivity)
      .find({ where: { contactId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  tasks(contactId: string): Promise<CrmTask[]> {
    return this.m.getRepository(CrmTask).find({ where: { contactId }, order: { dueAt: 'ASC' }, take: 200 });
  }

  findTask(id: string): Promise<CrmTask | null> {
    return this.m.getRepository(CrmTask).findOneBy({ id });
  }

  async insertTask(t: Omit<CrmTask, 'id' | 'doneAt'>): Promise<CrmTask> {
    const repo = this.m.getRepository(CrmTask);
    return repo.save(repo.create({ ...t, doneAt: null }));
  }

  async updateTask(id: string, values: Partial<CrmTask>): Promise<void> {
    await this.m.getRepository(CrmTask).update(id, values);
  }

  merges(survivorId: string): Promise<Array<CrmMerge & { mergedName: string }>> {
    return this.m.query(
      `SELECT m.id, m.merged_id AS "mergedId", m.undone_at AS "undoneAt", m.created_at AS "createdAt",
              c.name AS "mergedName"
       FROM crm_merges m JOIN crm_contacts c ON c.id = m.merged_id
       WHERE m.survivor_id = $1 ORDER BY m.created_at DESC LIMIT 50`,
      [survivorId],
    );
  }

  findMerge(id: string, lock = false): Promise<CrmMerge | null> {
    const q = this.m.getRepository(CrmMerge).createQueryBuilder('m').where('m.id = :id', { id });
    if (lock) q.setLock('pessimistic_write');
    return q.getOne();
  }

  async insertMerge(m: Omit<CrmMerge, 'id' | 'undoneAt'>): Promise<string> {
    const [row] = (await this.m.query(
      `INSERT INTO crm_merges (team_id, survivor_id, merged_id, moved, survivor_before, actor_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        m.teamId,
        m.survivorId,
        m.mergedId,
        JSON.stringify(m.moved),
        JSON.stringify(m.survivorBefore),
        m.actorId,
        m.createdAt,
      ],
    )) as Array<{ id: string }>;
    return row.id;
  }

  async markMergeUndone(id: string, at: Date): Promise<void> {
    await this.m.getRepository(CrmMerge).update(id, { undoneAt: at });
  }

  /** Moves every activity, lead and task of one contact to another; answers the moved ids. */
  async moveChildren(fromId: string, toId: string) {
    const move = async (table: string) =>
      (
        (
          await this.m.query(`UPDATE ${table} SET contact_id = $2 WHERE contact_id = $1 RETURNING id`, [fromId, toId])
        )[0] as Array<{ id: string }>
      ).map((r) => r.id);
    return { activities: await move('crm_activities'), leads: await move('crm_leads'), tasks: await move('crm_tasks') };
  }

  /** Moves the listed rows back to a contact (undoing a merge). */
  async moveBack(ids: { activities: string[]; leads: string[]; tasks: string[] }, toId: string): Promise<void> {
    for (const [table, list] of [
      ['crm_activities', ids.activities],
      ['crm_leads', ids.leads],
      ['crm_tasks', ids.tasks],
    ] as const) {
      if (list.length) await this.m.query(`UPDATE ${table} SET contact_id = $2 WHERE id = ANY($1)`, [list, toId]);
    }
  }
}
