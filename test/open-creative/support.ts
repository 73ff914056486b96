import { OpenCreativeService } from '../../src/modules/open-creative';
import type { DelegationScope } from '../../src/contracts/open-creative';
import type { User } from '../../src/modules/users';
import { makeProperty } from '../properties/helpers';
import type { TestApp, TestClient } from '../support/app';

export interface Actor {
  client: TestClient;
  user: User;
}

/**
 * A realtor (owner) with a listing whose walkthrough has a draft spot, a design and a second listing's draft spot;
 * two listed creative managers: `manager` holds an accepted grant from the owner, `idle` none.
 */
export interface DelegationWorld {
  owner: Actor;
  manager: Actor & { listingId: string };
  idle: Actor & { listingId: string };
  stranger: Actor;
  admin: Actor;
  listingId: string;
  otherListingId: string;
  walkthrough: { slug: string };
  spot: { slug: string };
  otherSpot: { slug: string };
  designId: string;
  grantId: string;
}

export async function listManager(
  t: TestApp,
  skills = ['video_editing'],
  headline = 'Reels editor',
): Promise<Actor & { listingId: string }> {
  const actor = await t.signedIn({ type: 'realtor' });
  const res = await actor.client.put('/api/open-creative/profile').send({ headline, skills, rate_text: '$40/h' });
  if (res.status !== 200) throw new Error(`profile ${res.status} ${JSON.stringify(res.body)}`);
  return { ...actor, listingId: res.body.manager.id };
}

export async function makeDraftSpot(
  owner: TestClient,
  listingId: string | null,
): Promise<{ wt: { slug: string }; spot: { slug: string } }> {
  const wt = (await owner.post('/api/walkthroughs').send({ title: 'Tour', listing_id: listingId })).body.walkthrough;
  const spot = (await owner.post(`/api/spot/${wt.slug}`).send({ title: 'Teaser' })).body.spot;
  if (!wt?.slug || !spot?.slug) throw new Error('walkthrough or spot not created');
  return { wt, spot };
}

/** A grant from `owner` to the listed manager, accepted unless `pending`. */
export async function grant(
  t: TestApp,
  owner: User,
  manager: Actor & { listingId: string },
  scopes: DelegationScope[],
  extra: { listing_ids?: string[] | null; expires_at?: string | null; pending?: boolean } = {},
): Promise<string> {
  const svc = t.app.get(OpenCreativeService);
  const g = await svc.createGrant(owner, {
    manager_id: manager.listingId,
    scopes,
    listing_ids: extra.listing_ids,
    expires_at: extra.expires_at,
  });
  if (!extra.pending) await svc.accept(manager.user, g.id);
  return g.id;
}

export async function delegationWorld(t: TestApp): Promise<DelegationWorld> {
  const owner = await t.signedIn({ type: 'realtor' });
  const [manager, idle, stranger, admin] = [
    await listManager(t),
    await listManager(t, ['design'], 'Room designer'),
    await t.signedIn({ type: 'realtor' }),
    await t.signedIn({ role: 'admin' }),
  ];
  const listingId = (await makeProperty(owner.client, { name: 'Harbor House' })).listing.id;
  const otherListingId = (await makeProperty(owner.client, { name: 'Hill House' })).listing.id;
  const { wt, spot } = await makeDraftSpot(owner.client, listingId);
  const { spot: otherSpot } = await makeDraftSpot(owner.client, otherListingId);
  const [design] = await t.db.query(
    `INSERT INTO designs (user_id, original_image, status, provider) VALUES ($1, 'x.jpg', 'completed', 'fake') RETURNING id`,
    [owner.user.id],
  );
  const grantId = await grant(t, owner.user, manager, ['walkthroughs:edit', 'spots:edit', 'designs:read']);
  return {
    owner,
    manager,
    idle,
    stranger,
    admin,
    listingId,
    otherListingId,
    walkthrough: wt,
    spot,
    otherSpot,
    designId: design.id,
    grantId,
  };
}
