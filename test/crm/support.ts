import type { MarketplaceProps } from '../../src/contracts/crm';
import { CrmIntakeService } from '../../src/modules/crm';
import { TeamsService } from '../../src/modules/teams';
import type { User } from '../../src/modules/users';
import type { TestApp, TestClient } from '../support/app';

export interface Book {
  teamId: string;
  owner: { client: TestClient; user: User };
  agents: Array<{ client: TestClient; user: User }>;
}

let books = 0;

/** A realtor who owns a team (their current team) with `agentCount` signed-in agents. */
export async function makeBook(t: TestApp, agentCount = 0): Promise<Book> {
  // Numbered before the first await: books made in parallel must not share a handle.
  const n = ++books;
  const owner = await t.signedIn({ type: 'realtor' });
  const team = await t.app.get(TeamsService).create(owner.user, {
    name: `Book ${n}`,
    handle: `book_${n}_${Date.now() % 1_000_000}`,
    type: 'team',
  } as never);
  await owner.client.put('/api/user/current-team').send({ team_id: team.id }).expect(200);
  const agents: Book['agents'] = [];
  for (let i = 0; i < agentCount; i++) {
    const agent = await t.signedIn({ type: 'team_member' });
    await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'agent')`, [
      team.id,
      agent.user.id,
    ]);
    await agent.client.put('/api/user/current-team').send({ team_id: team.id }).expect(200);
    agents.push(agent);
  }
  return { teamId: team.id, owner, agents };
}

/** A lead from the website in `teamId`'s book: the person asks about a $800,000 condo in 94110. The lead's id. */
export async function websiteLead(
  t: TestApp,
  teamId: string,
  person: { sourceRef: string; name: string; email: string; phone: string },
): Promise<string> {
  const { lead_id } = await t.app.get(CrmIntakeService).intake({
    teamId,
    source: 'website',
    ...person,
    property: { id: null, zip: '94110', priceMinor: 80_000_000, type: 'condo' },
  });
  return lead_id;
}

/** A published property of the book's realtor in the book's team. */
export async function makeProperty(
  t: TestApp,
  book: Book,
  over: { zip?: string; price?: string; type?: string } = {},
): Promise<string> {
  const [row] = await t.db.query(
    `INSERT INTO properties (user_id, team_id, slug, name, price, zip, type, publish, published_at, full_address)
     VALUES ($1, $2, $3, 'Sunny house', $4, $5, $6, true, now(), '1 Main St') RETURNING id`,
    [
      book.owner.user.id,
      book.teamId,
      `crm-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      over.price ?? '900000.00',
      over.zip ?? '94110',
      over.type ?? 'house',
    ],
  );
  return row.id;
}

/** All a seller's sales in the currency earned, wherever the money is now (pending, awaiting or transferred). */
export function earned(page: MarketplaceProps, currency = 'USD'): number {
  const e = page.earnings.find((x) => x.currency === currency);
  return e ? e.pending_minor + e.awaiting_minor + e.transferred_minor : 0;
}
