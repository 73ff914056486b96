import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { PropertiesService } from '../../modules/properties/properties.service';
import { TeamInvitationsService } from '../../modules/teams/team-invitations.service';
import { TeamJoinsService } from '../../modules/teams/team-joins.service';
import { TeamsService } from '../../modules/teams/teams.service';
import { UsersService } from '../../modules/users/users.service';

const TEAM_LISTINGS = [
  { name: 'Lone Star Ranch House', city: 'Austin', price: '685000.00', lat: 30.2849, lng: -97.7341 },
  { name: 'Barton Creek Townhome', city: 'Austin', price: '540000.00', lat: 30.2606, lng: -97.7836 },
  { name: 'Mueller Garden Condo', city: 'Austin', price: '399000.00', lat: 30.2983, lng: -97.7043 },
];

/** Personal teams for the demo accounts, before their properties are made (a new row takes its author's team). */
export async function seedPersonalTeams(app: INestApplicationContext): Promise<void> {
  const users = app.get(UsersService);
  const teams = app.get(TeamsService);
  for (const email of ['realtor@reelty.test', 'buyer@reelty.test', 'viewer@reelty.test', 'admin@reelty.test']) {
    const user = await users.findByEmail(email);
    if (user) await teams.ensurePersonalTeam(user);
  }
}

/**
 * Demo teams (idempotent): every demo account's personal team; "Lone Star Realty", a brokerage owned by the demo
 * realtor with the buyer as an agent and three published team listings; a pending invitation and a join request
 * from the viewer. The realtor and the buyer work in the brokerage as their current team.
 */
export async function seedDemoTeams(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const users = app.get(UsersService);
  const teams = app.get(TeamsService);
  const [realtor, buyer, viewer] = await Promise.all(
    ['realtor@reelty.test', 'buyer@reelty.test', 'viewer@reelty.test'].map((email) => users.findByEmail(email)),
  );
  if (!realtor || !buyer || !viewer) return;
  if (await teams.findByHandle('lonestar')) return;
  await seedPersonalTeams(app);

  const team = await teams.create(realtor, { name: 'Lone Star Realty', handle: 'lonestar', type: 'brokerage' });
  await app.get(TeamInvitationsService).invite(realtor, team.id, 'buyer@reelty.test', 'agent');
  const [invitation] = (await app.get(TeamInvitationsService).received(buyer, 0, 1)).rows;
  await app.get(TeamInvitationsService).accept(buyer, invitation.id, null);
  await app.get(TeamInvitationsService).invite(realtor, team.id, 'new.agent@reelty.test', 'agent');
  await app.get(TeamJoinsService).request(viewer, 'lonestar', 'I would love to help with your open houses.');
  await teams.update(realtor, team.id, { monthly_budget_micro: 50_000_000 });

  // New properties take their author's current team: the brokerage.
  const properties = app.get(PropertiesService);
  for (const [i, listing] of TEAM_LISTINGS.entries()) {
    const author = i === 1 ? buyer : realtor;
    const property = await properties.create(author, listing.name);
    const filled = await properties.update(property, {
      description: `A Lone Star Realty listing in ${listing.city}.`,
      price: listing.price,
      currency: 'USD',
      address: `${200 + i * 11} Congress Ave`,
      city: listing.city,
      state: 'TX',
      zip: '78701',
      country: 'United States',
      country_code: 'US',
      latitude: listing.lat,
      longitude: listing.lng,
      type: 'house',
      sector: 'residential',
      status: 'for_sale',
    });
    await properties.setPublish(filled, true);
  }
  logger.log('Demo team: Lone Star Realty (@lonestar): realtor owner, buyer agent, 3 team listings');
}
