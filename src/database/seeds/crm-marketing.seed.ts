import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CrmIntakeService } from '../../modules/crm';
import { TeamsService } from '../../modules/teams';
import { UsersService } from '../../modules/users';

/**
 * The demo realtor's marketing (idempotent, a few rows): a farm campaign around downtown Austin with sign-ups
 * through its form, QR codes for a print run (one scanned), credits codes, a gift. The form is at /c/austindemo1.
 */
export async function seedDemoCrmMarketing(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const realtor = await app.get(UsersService).findByEmail('realtor@reelty.test');
  const team = await app.get(TeamsService).findByHandle('lonestar');
  if (!realtor || !team) return;
  const [existing] = await db.query(`SELECT id FROM crm_campaigns WHERE slug = 'austindemo1'`);
  if (existing) return;
  const [campaign] = await db.query(
    `INSERT INTO crm_campaigns (team_id, name, headline, slug, area, created_by)
     VALUES ($1, 'Downtown Austin farm', 'Your free downtown Austin market report', 'austindemo1', $2, $3) RETURNING id`,
    [
      team.id,
      // Downtown Austin drawn as a polygon on the market map.
      JSON.stringify({
        kind: 'polygon',
        points: [
          [30.2555, -97.7555],
          [30.2555, -97.7325],
          [30.2805, -97.7325],
          [30.2805, -97.7555],
        ],
      }),
      realtor.id,
    ],
  );
  const intake = app.get(CrmIntakeService);
  const people = [
    { name: 'Dana Flores', email: 'dana.flores@example.com', message: 'What is my condo worth?' },
    { name: 'Sam Okafor', email: 'sam.okafor@example.com', message: '' },
  ];
  for (const [i, p] of people.entries()) {
    await intake.intake({
      ...p,
      teamId: team.id,
      campaignId: campaign.id,
      source: 'campaign',
      sourceRef: `demo-form-${i}`,
      consentVersion: 'campaign-2026-11',
      tags: ['farm'],
    });
  }
  const codes = (await db.query(
    `INSERT INTO crm_campaign_codes (campaign_id, team_id, code, kind, credits, label, expires_at)
     VALUES ($1, $2, 'DEM0QR000001', 'qr', 0, 'Postcard run 1', now() + interval '90 days'),
            ($1, $2, 'DEM0QR000002', 'qr', 0, 'Postcard run 1', now() + interval '90 days'),
            ($1, $2, 'DEM0QR000003', 'qr', 0, 'Postcard run 1', now() + interval '90 days'),
            ($1, $2, 'DEM0CR000001', 'credits', 5, 'Holiday card', now() + interval '90 days')
     RETURNING id`,
    [campaign.id, team.id],
  )) as Array<{ id: string }>;
  const scanned = await intake.intake({
    teamId: team.id,
    campaignId: campaign.id,
    source: 'qr',
    sourceRef: `code:${codes[0].id}`,
    name: 'Rosa Jimenez',
    email: 'rosa.jimenez@example.com',
    message: 'Scanned "Postcard run 1"',
    consentVersion: 'campaign-2026-11',
    tags: ['farm'],
  });
  await db.query(`INSERT INTO crm_code_redemptions (code_id, campaign_id, lead_id) VALUES ($1, $2, $3)`, [
    codes[0].id,
    campaign.id,
    scanned.lead_id,
  ]);
  await db.query(
    `INSERT INTO crm_gifts (team_id, campaign_id, contact_id, description, cost_minor, sent_at, created_by)
     VALUES ($1, $2, $3, 'Pumpkin pie', 2450, now() - interval '2 days', $4)`,
    [team.id, campaign.id, scanned.contact_id, realtor.id],
  );
  await db.query(
    `INSERT INTO crm_templates (team_id, kind, name, subject, body, created_by) VALUES
       ($1, 'email', 'Monthly market update', 'Downtown Austin in November, {{first_name}}', $3, $2),
       ($1, 'flyer', 'Just listed flyer', '', $4, $2),
       ($1, 'social', 'Open house post', '', 'Open house this weekend at {{property_address}}! {{property_url}}', $2)`,
    [
      team.id,
      realtor.id,
      'Hi {{first_name}},\n\nHomes downtown sold in 21 days on average this month. Curious what yours is worth? ' +
        'Just reply.\n\n{{agent_name}}, {{team_name}}',
      'JUST LISTED\n{{property_address}}\n{{property_price}}\n{{property_url}}',
    ],
  );
  logger.log(
    'Demo CRM marketing: a farm campaign at /c/austindemo1, QR codes /q/DEM0QR000002, credits code DEM0CR000001',
  );
}
