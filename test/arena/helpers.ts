import { randomUUID } from 'node:crypto';
import type { ArenaCategory } from '../../src/contracts/arena';
import { ArenaBattlesService } from '../../src/modules/arena/arena-battles.service';
import { ArenaEntriesService } from '../../src/modules/arena/arena-entries.service';
import { ArenaRatingsService } from '../../src/modules/arena/arena-ratings.service';
import { StorageService } from '../../src/modules/storage';
import type { User } from '../../src/modules/users';
import type { TestApp } from '../support/app';

/** A 1x1 PNG stands in for a generated picture. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A design row as the designer leaves it (completed with an image unless told otherwise). */
export async function makeDesign(t: TestApp, user: User, status = 'completed'): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO designs (id, user_id, original_image, image, options, status, provider)
     VALUES ($1, $2, $3, $4, $5, $6, 'fake')`,
    [
      id,
      user.id,
      `designs/${user.id}/${id}/original.jpg`,
      status === 'completed' ? `designs/${user.id}/${id}/result.webp` : null,
      JSON.stringify({ roomType: 'Living room', theme: 'Modern' }),
      status,
    ],
  );
  if (status === 'completed') await t.app.get(StorageService).put(`designs/${user.id}/${id}/result.webp`, PIXEL);
  return id;
}

/** A spot (with its walkthrough) of this user's; published unless told otherwise. Returns the slug. */
export async function makeSpot(t: TestApp, user: User, published = true): Promise<string> {
  const walkthrough = randomUUID();
  const slug = `spot-${walkthrough.slice(0, 8)}`;
  await t.db.query(`INSERT INTO walkthroughs (id, slug, user_id, title, published) VALUES ($1, $2, $3, 'Tour', true)`, [
    walkthrough,
    `wt-${walkthrough.slice(0, 8)}`,
    user.id,
  ]);
  await t.db.query(
    `INSERT INTO spots (slug, user_id, walkthrough_id, title, published) VALUES ($1, $2, $3, 'Sunny spot', $4)`,
    [slug, user.id, walkthrough, published],
  );
  return slug;
}

export function services(t: TestApp) {
  return {
    entries: t.app.get(ArenaEntriesService),
    battles: t.app.get(ArenaBattlesService),
    ratings: t.app.get(ArenaRatingsService),
  };
}

/** Enters a new finished design of `user` in `category`. */
export async function enterDesign(t: TestApp, user: User, category: ArenaCategory = 'living_rooms') {
  return services(t).entries.enter(user, { kind: 'design', source: await makeDesign(t, user), category });
}

export const META = { ip: '10.0.0.1', device: 'device-1' };
