import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CrmIntakeService, type LeadSubmission } from '../../modules/crm';
import { CrmMarketplaceService } from '../../modules/crm/marketplace/crm-marketplace.service';
import { CrmSellerLedgerService } from '../../modules/crm/marketplace/crm-seller-ledger.service';
import { sellOffer } from '../../modules/crm/marketplace/marketplace-sale';
import { CrmMarketplaceRepository } from '../../modules/crm/marketplace/marketplace.repository';
import { TeamsService } from '../../modules/teams';
import { UsersService } from '../../modules/users';

const PEOPLE: Array<Pick<LeadSubmission, 'name' | 'email' | 'phone' | 'message' | 'source'> & { zip?: string }> = [
  {
    name: 'Maya Chen',
    email: 'maya.chen@example.com',
    phone: '512-555-0101',
    source: 'listing_inquiry',
    zip: '78701',
    message: 'Is the Congress Ave house still available? We could see it Saturday.',
  },
  {
    name: 'Owen Brooks',
    email: 'owen.brooks@example.com',
    source: 'open_house',
    zip: '78701',
    message: 'Registered for the Sunday open house.',
  },
  {
    name: 'Priya Natarajan',
    phone: '(512) 555-0144',
    source: 'website',
    message: 'Looking for a 3-bedroom under $900k near downtown.',
  },
  { name: 'Maya Chen', email: 'MAYA.CHEN@example.com', source: 'website', message: 'Also interested in condos.' },
  {
    name: 'Luis Ortega',
    email: 'luis@example.org',
    phone: '+1 737 555 0190',
    source: 'listing_inquiry',
    zip: '78702',
    message: 'Can I get the HOA details?',
  },
  {
    name: 'Hannah Weiss',
    email: 'hannah.weiss@example.net',
    source: 'open_house',
    zip: '78701',
    message: 'Registered for the open house.',
  },
  {
    name: 'Priya N.',
    email: 'priya.n@example.com',
    phone: '512.555.0144',
    source: 'listing_inquiry',
    zip: '78701',
    message: 'Following up on the 3-bedroom.',
  },
  {
    name: 'Grace Kim',
    email: 'grace.kim@example.com',
    source: 'manual',
    message: 'Met at the farmers market; selling next spring.',
  },
];

/**
 * The demo realtor's CRM (idempotent): routing rules for Lone Star Realty (downtown zip round robin between the
 * realtor and the buyer agent, open houses first to claim), and leads through the one intake, duplicates included,
 * so the realtor sees merged timelines, notes, a task and a stage moved along; one lead is offered on the
 * lead marketplace.
 */
export async function seedDemoCrm(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const users = app.get(UsersService);
  const [realtor, buyer] = await Promise.all(
    ['realtor@reelty.test', 'buyer@reelty.test'].map((email) => users.findByEmail(email)),
  );
  const team = await app.get(TeamsService).findByHandle('lonestar');
  if (!realtor || !buyer || !team) return;
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM crm_contacts WHERE team_id = $1`, [team.id]);
  if (count > 0) return;
  await db.query(
    `INSERT INTO crm_settings (team_id, speed_to_lead_minutes, follows_as_leads) VALUES ($1, 120, true)
     ON CONFLICT (team_id) DO NOTHING`,
    [team.id],
  );
  await db.query(
    `INSERT INTO crm_routing_rules (team_id, position, name, zips, source, target, agent_ids) VALUES
       ($1, 1, 'Downtown', '{78701}', NULL, 'round_robin', $2),
       ($1, 2, 'Open houses', '{}', 'open_house', 'first_to_claim', $3)`,
    [team.id, [realtor.id, buyer.id], [realtor.id, buyer.id]],
  );
  const intake = app.get(CrmIntakeService);
  const contactIds: string[] = [];
  for (const [i, p] of PEOPLE.entries()) {
    const r = await intake.intake({
      ...p,
      teamId: team.id,
      sourceRef: `demo-${i}`,
      consentVersion: p.source === 'listing_inquiry' ? 'inquiry-2026-11' : null,
      property: p.zip ? { id: null, zip: p.zip, priceMinor: 85_000_000, type: 'house' } : null,
    });
    contactIds.push(r.contact_id);
  }
  const [maya, owen] = contactIds;
  await db.query(
    `INSERT INTO crm_activities (team_id, contact_id, kind, body, actor_id) VALUES ($1, $2, 'note', $3, $4)`,
    [team.id, maya, 'Pre-approved up to $950k. Prefers a yard.', realtor.id],
  );
  await db.query(
    `INSERT INTO crm_tasks (team_id, contact_id, title, due_at, created_by) VALUES ($1, $2, $3, now() + interval '1 day', $4)`,
    [team.id, maya, 'Send the Congress Ave disclosures', realtor.id],
  );
  await db.query(`UPDATE crm_contacts SET stage = 'appointment', tags = '{buyer,pre-approved}' WHERE id = $1`, [maya]);
  await db.query(`UPDATE crm_contacts SET stage = 'contacted', tags = '{buyer}' WHERE id = $1`, [owen]);
  await db.query(
    `UPDATE crm_leads SET status = 'contacted', contacted_at = created_at + interval '4 minutes'
     WHERE contact_id = ANY($1) AND status = 'assigned'`,
    [[maya, owen]],
  );
  // The lead marketplace: Hannah's open-house lead offered to other books for 3 image credits.
  await db.query(
    `INSERT INTO crm_lead_offers (lead_id, seller_id, seller_team_id, price_credits, timeline)
     SELECT id, $2, team_id, 3, '1-3_months' FROM crm_leads WHERE team_id = $1 AND source_ref = 'demo-5'
     ON CONFLICT (lead_id) DO NOTHING`,
    [team.id, realtor.id],
  );
  // And one priced in money ($25), bought through the cart and checkout.
  await db.query(
    `INSERT INTO crm_lead_offers (lead_id, seller_id, seller_team_id, price_credits, price_minor, currency, timeline)
     SELECT id, $2, team_id, 0, 2500, 'USD', 'now' FROM crm_leads WHERE team_id = $1 AND source_ref = 'demo-4'
     ON CONFLICT (lead_id) DO NOTHING`,
    [team.id, realtor.id],
  );
  await seedSettledSale(app, team.id, realtor.id, buyer);
  logger.log(`Demo CRM: ${new Set(contactIds).size} contacts from ${PEOPLE.length} leads in Lone Star Realty`);
}

/**
 * A money sale ($40) of Grace's lead, bought four days ago into the buyer agent's own book and settled by the
 * settle timer's own rule: the realtor's affiliate application still waits for the admin, so the Marketplace shows
 * the sale "awaiting a payout account" until an admin approves it, when it moves to the realtor's payout balance.
 */
async function seedSettledSale(
  app: INestApplicationContext,
  teamId: string,
  realtorId: string,
  buyer: { id: string; name: string; handle: string | null },
): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const [row] = await db.query(
    `INSERT INTO crm_lead_offers (lead_id, seller_id, seller_team_id, price_credits, price_minor, currency, timeline)
     SELECT id, $2, team_id, 0, 4000, 'USD', 'now' FROM crm_leads WHERE team_id = $1 AND source_ref = 'demo-7'
     ON CONFLICT (lead_id) DO NOTHING RETURNING id`,
    [teamId, realtorId],
  );
  if (!row) return;
  const book = await app.get(TeamsService).ensurePersonalTeam(buyer);
  const repo = app.get(CrmMarketplaceRepository);
  const sale = await repo.transaction(async (tx) => {
    const offer = (await tx.findOffer(row.id, true))!;
    const sold = await sellOffer(tx, offer, buyer.id, book.id, new Date(Date.now() - 4 * 86_400_000), {
      kind: 'credits',
    });
    await app.get(CrmSellerLedgerService).earn(tx, offer, sold);
    return sold;
  });
  await app.get(CrmMarketplaceService).onSettle({ saleId: sale.id });
}
