import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { returningRows } from '../../../database/raw-rows';
import { TransactionalRepository } from '../../../database/transactional-repository';
import { CrmCampaign, CrmCampaignCode, CrmGift } from '../entities/campaign.entity';
import { CrmLead } from '../entities/crm.entity';

export interface CampaignCounts {
  submissions: number;
  codes: number;
  redeemed: number;
  gifts: number;
  giftsCostMinor: number;
}

export type CodeWithRedemption = CrmCampaignCode & { redeemedAt: Date | null };

/** SQL for farm campaigns, their single-use codes and redemptions, and gifts. */
@Injectable()
export class CrmCampaignsRepository extends TransactionalRepository {
  get manager(): EntityManager {
    return this.m;
  }

  /** The book's newest leads about a home (the contact each one is on now), for the farm area's contacts. */
  async leadProperties(teamId: string, limit: number): Promise<Array<{ propertyId: string; contactId: string }>> {
    const rows: Array<{ property_id: string; contact_id: string }> = await this.m.query(
      `SELECT l.property_id, c.id AS contact_id
         FROM (SELECT property_id, contact_id FROM crm_leads
                WHERE team_id = $1 AND property_id IS NOT NULL ORDER BY created_at DESC LIMIT $2) l
         JOIN crm_contacts c ON c.id = l.contact_id AND c.merged_into_id IS NULL`,
      [teamId, limit],
    );
    return rows.map((r) => ({ propertyId: r.property_id, contactId: r.contact_id }));
  }

  findCampaign(id: string): Promise<CrmCampaign | null> {
    return this.m.getRepository(CrmCampaign).findOneBy({ id });
  }

  findBySlug(slug: string): Promise<CrmCampaign | null> {
    return this.m.getRepository(CrmCampaign).findOneBy({ slug });
  }

  listCampaigns(teamId: string, offset: number, limit: number): Promise<[CrmCampaign[], number]> {
    return this.m
      .getRepository(CrmCampaign)
      .findAndCount({ where: { teamId }, order: { createdAt: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  async insertCampaign(c: Omit<CrmCampaign, 'id'>): Promise<CrmCampaign> {
    const repo = this.m.getRepository(CrmCampaign);
    return repo.save(repo.create(c));
  }

  async updateCampaign(id: string, values: Partial<CrmCampaign>): Promise<void> {
    await this.m.getRepository(CrmCampaign).update(id, values);
  }

  /** The book's campaign that links an open house (the newest, when several do). */
  async campaignForOpenHouse(teamId: string, openHouseId: string): Promise<string | null> {
    const rows = (await this.m.query(
      `SELECT id FROM crm_campaigns WHERE team_id = $1 AND open_house_ids @> ARRAY[$2]::uuid[]
       ORDER BY created_at DESC LIMIT 1`,
      [teamId, openHouseId],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  /** Per campaign: leads received, codes made and redeemed, gifts and their cost (one statement per table). */
  async counts(ids: string[]): Promise<Map<string, CampaignCounts>> {
    const out = new Map(
      ids.map((id) => [id, { submissions: 0, codes: 0, redeemed: 0, gifts: 0, giftsCostMinor: 0 } as CampaignCounts]),
    );
    if (!ids.length) return out;
    const [leads, codes, gifts] = (await Promise.all([
      this.m.query(
        `SELECT campaign_id AS id, count(*)::int AS n FROM crm_leads WHERE campaign_id = ANY($1) GROUP BY 1`,
        [ids],
      ),
      this.m.query(
        `SELECT c.campaign_id AS id, count(*)::int AS n, count(r.code_id)::int AS r
         FROM crm_campaign_codes c LEFT JOIN crm_code_redemptions r ON r.code_id = c.id
         WHERE c.campaign_id = ANY($1) GROUP BY 1`,
        [ids],
      ),
      this.m.query(
        `SELECT campaign_id AS id, count(*)::int AS n, coalesce(sum(cost_minor), 0)::int AS cost
         FROM crm_gifts WHERE campaign_id = ANY($1) GROUP BY 1`,
        [ids],
      ),
    ])) as Array<Array<{ id: string; n: number; r?: number; cost?: number }>>;
    for (const row of leads) out.get(row.id)!.submissions = row.n;
    for (const row of codes) Object.assign(out.get(row.id)!, { codes: row.n, redeemed: row.r ?? 0 });
    for (const row of gifts) Object.assign(out.get(row.id)!, { gifts: row.n, giftsCostMinor: row.cost ?? 0 });
    return out;
  }

  campaignLeads(campaignId: string, limit: number): Promise<CrmLead[]> {
    return this.m
      .getRepository(CrmLead)
      .find({ where: { campaignId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  /** Registrations per linked open house: leads of the campaign whose open house is named in their activity. */
  async openHouseRegistrations(campaignId: string): Promise<Map<string, number>> {
    const rows = (await this.m.query(
      `SELECT a.data->>'open_house_id' AS id, count(*)::int AS n
       FROM crm_leads l JOIN crm_activities a ON a.contact_id = l.contact_id AND a.data->>'lead_id' = l.id::text
       WHERE l.campaign_id = $1 AND l.source = 'open_house' GROUP BY 1`,
      [campaignId],
    )) as Array<{ id: string; n: number }>;
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  // ---- codes ------------------------------------------------------------------------------------------------------

  async insertCodes(rows: Array<Omit<CrmCampaignCode, 'id'>>): Promise<void> {
    await this.m.getRepository(CrmCampaignCode).insert(rows);
  }

  findCode(code: string): Promise<CrmCampaignCode | null> {
    return this.m.getRepository(CrmCampaignCode).findOneBy({ code });
  }

  async codes(campaignId: string, offset: number, limit: number): Promise<CodeWithRedemption[]> {
    return (
      (await this.m.query(
        `SELECT c.*, r.created_at AS redeemed_at FROM crm_campaign_codes c
         LEFT JOIN crm_code_redemptions r ON r.code_id = c.id
         WHERE c.campaign_id = $1 ORDER BY c.created_at DESC, c.id LIMIT $2 OFFSET $3`,
        [campaignId, limit, offset],
      )) as Array<Record<string, unknown>>
    ).map((r) => ({
      id: r.id as string,
      campaignId: r.campaign_id as string,
      teamId: r.team_id as string,
      code: r.code as string,
      kind: r.kind as CrmCampaignCode['kind'],
      credits: r.credits as number,
      label: r.label as string,
      fundedBy: r.funded_by as string | null,
      expiresAt: r.expires_at as Date,
      createdAt: r.created_at as Date,
      redeemedAt: r.redeemed_at as Date | null,
    }));
  }

  async redeemedAt(codeId: string): Promise<Date | null> {
    const rows = (await this.m.query(`SELECT created_at FROM crm_code_redemptions WHERE code_id = $1`, [
      codeId,
    ])) as Array<{ created_at: Date }>;
    return rows[0]?.created_at ?? null;
  }

  /**
   * Records the one redemption of a code inside the caller's transaction. The code's primary key makes a second
   * redemption impossible: a concurrent one waits for this transaction, then inserts nothing (false).
   */
  async insertRedemption(
    m: EntityManager,
    r: { codeId: string; campaignId: string; userId: string | null; leadId: string | null; at: Date },
  ): Promise<boolean> {
    const rows = returningRows<{ code_id: string }>(
      await m.query(
        `INSERT INTO crm_code_redemptions (code_id, campaign_id, user_id, lead_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code_id) DO NOTHING RETURNING code_id`,
        [r.codeId, r.campaignId, r.userId, r.leadId, r.at],
      ),
    );
    return rows.length === 1;
  }

  /** Locks one code until the transaction ends: its redemption and its expiry return take turns. */
  async lockCode(m: EntityManager, codeId: string): Promise<void> {
    await m.query(`SELECT id FROM crm_campaign_codes WHERE id = $1 FOR UPDATE`, [codeId]);
  }

  /** A campaign's paid-for credits codes past their expiry, neither redeemed nor returned yet (index by campaign). */
  async expiredUnreturned(campaignId: string, now: Date): Promise<CrmCampaignCode[]> {
    const rows = (await this.m.query(
      `SELECT c.id FROM crm_campaign_codes c
        WHERE c.campaign_id = $1 AND c.kind = 'credits' AND c.credits > 0 AND c.expires_at <= $2
          AND NOT EXISTS (SELECT 1 FROM crm_code_redemptions r WHERE r.code_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM crm_code_expiries e WHERE e.code_id = c.id)`,
      [campaignId, now],
    )) as Array<{ id: string }>;
    return rows.length ? this.m.getRepository(CrmCampaignCode).findBy({ id: In(rows.map((r) => r.id)) }) : [];
  }

  /** Records a code's expiry return in the caller's transaction; false when it was returned already. */
  async insertExpiry(m: EntityManager, e: { codeId: string; returnedTo: string | null; credits: number; at: Date }) {
    const rows = returningRows<{ code_id: string }>(
      await m.query(
        `INSERT INTO crm_code_expiries (code_id, returned_to, credits, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code_id) DO NOTHING RETURNING code_id`,
        [e.codeId, e.returnedTo, e.credits, e.at],
      ),
    );
    return rows.length === 1;
  }

  async redemptionOf(codeId: string): Promise<{ userId: string | null; at: Date } | null> {
    const rows = (await this.m.query(`SELECT user_id, created_at FROM crm_code_redemptions WHERE code_id = $1`, [
      codeId,
    ])) as Array<{ user_id: string | null; created_at: Date }>;
    return rows[0] ? { userId: rows[0].user_id, at: rows[0].created_at } : null;
  }

  // ---- gifts ------------------------------------------------------------------------------------------------------

  /** In the caller's transaction (with the contact's timeline entry). */
  async insertGift(m: EntityManager, g: Omit<CrmGift, 'id'>): Promise<CrmGift> {
    const repo = m.getRepository(CrmGift);
    return repo.save(repo.create(g));
  }

  gifts(campaignId: string, limit: number): Promise<CrmGift[]> {
    return this.m.getRepository(CrmGift).find({ where: { campaignId }, order: { sentAt: 'DESC' }, take: limit });
  }

  // ---- analytics --------------------------------------------------------------------------------------------------

  /** Leads since a time by source, how far their people got, speed to first contact per agent, and by campaign. */
  async analytics(teamId: string, since: Date, agentId: string | null) {
    const mine = agentId ? 'AND l.agent_id = $3' : '';
    const args = agentId ? [teamId, since, agentId] : [teamId, since];
    const [funnel, agents, campaigns] = (await Promise.all([
      this.m.query(
        `SELECT l.source, count(*)::int AS received, count(l.contacted_at)::int AS contacted,
                count(*) FILTER (WHERE c.stage IN ('appointment','under_contract','closed'))::int AS appointment,
                count(*) FILTER (WHERE c.stage = 'closed')::int AS closed
         FROM crm_leads l JOIN crm_contacts c ON c.id = l.contact_id
         WHERE l.team_id = $1 AND l.created_at >= $2 ${mine} GROUP BY 1 ORDER BY 2 DESC`,
        args,
      ),
      this.m.query(
        `SELECT l.agent_id AS id, count(*)::int AS leads, count(l.contacted_at)::int AS contacted,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM l.contacted_at - l.created_at) / 60)
                  AS median_minutes
         FROM crm_leads l WHERE l.team_id = $1 AND l.created_at >= $2 AND l.agent_id IS NOT NULL ${mine}
         GROUP BY 1 ORDER BY 2 DESC LIMIT 50`,
        args,
      ),
      this.m.query(
        `SELECT k.id, k.name, count(l.id)::int AS leads, count(l.id) FILTER (WHERE c.stage = 'closed')::int AS closed
         FROM crm_campaigns k
         LEFT JOIN crm_leads l ON l.campaign_id = k.id AND l.created_at >= $2 ${mine}
         LEFT JOIN crm_contacts c ON c.id = l.contact_id
         WHERE k.team_id = $1 GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 20`,
        args,
      ),
    ])) as [
      Array<{ source: string; received: number; contacted: number; appointment: number; closed: number }>,
      Array<{ id: string; leads: number; contacted: number; median_minutes: number | null }>,
      Array<{ id: string; name: string; leads: number; closed: number }>,
    ];
    return { funnel, agents, campaigns };
  }

  /** Listing inquiries received in [start, end), counted per property (by the partial created_at index). */
  async inquiriesByProperty(start: Date, end: Date): Promise<Array<{ propertyId: string; count: number }>> {
    const rows = await this.m.query<Array<{ property_id: string; n: number }>>(
      `SELECT property_id, count(*)::int AS n FROM crm_leads
       WHERE source = 'listing_inquiry' AND created_at >= $1 AND created_at < $2 AND property_id IS NOT NULL
       GROUP BY property_id`,
      [start, end],
    );
    return rows.map((r) => ({ propertyId: r.property_id, count: r.n }));
  }
}
