import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import type { VoteChoice } from '../../contracts/arena';
import { ArenaBattlesService } from '../../modules/arena/arena-battles.service';
import { ArenaEntriesService } from '../../modules/arena/arena-entries.service';
import { ArenaRatingsService } from '../../modules/arena/arena-ratings.service';
import { BoardQueryDto } from '../../modules/arena/dto/arena.dto';
import { StorageService } from '../../modules/storage';
import { User } from '../../modules/users/user.entity';
import { demoPhoto } from './demo-photos';

const CREATORS = ['realtor@reelty.test', 'buyer@reelty.test', 'viewer@reelty.test'];
const VOTERS = [...CREATORS, 'admin@reelty.test'];
const THEMES = ['Modern', 'Scandinavian', 'Industrial', 'Coastal', 'Japandi', 'Mid-century'];
const CHOICES: VoteChoice[] = ['left', 'left', 'right', 'tie', 'left', 'both_bad', 'right'];

/**
 * A demo arena season: two finished living-room designs each for the realtor, the buyer and the viewer (pictures
 * drawn locally), every published demo spot entered as a luxury spot, the demo accounts' votes on each pair they
 * may judge (never their own), one battle left open for the lobby, and a Bradley-Terry fit. Through the arena's own
 * services, so ratings and the vote log agree. Idempotent: skipped once the arena has an entry.
 */
export async function seedDemoArena(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  await seedDemoSeason(app, logger);
  // A finished squad war and a flagged vote cluster (its own idempotence check).
  await (require('./arena-wars.seed') as typeof import('./arena-wars.seed')).seedDemoArenaWars(app, logger);
}

async function seedDemoSeason(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM arena_entries LIMIT 1`)).length) return;
  const users = await db.getRepository(User).findBy({ email: In(VOTERS) });
  const byEmail = new Map(users.map((u) => [u.email, u]));
  const creators = CREATORS.map((e) => byEmail.get(e)).filter((u): u is User => !!u);
  if (creators.length < 2) return;
  const entries = app.get(ArenaEntriesService);
  const battles = app.get(ArenaBattlesService);
  const storage = app.get(StorageService);

  let n = 0;
  for (const creator of creators) {
    for (let i = 0; i < 2; i++, n++) {
      const id = randomUUID();
      const key = `designs/${creator.id}/${id}/arena-demo.jpg`;
      await storage.put(key, await demoPhoto(40 + n, 1 + (n % 3)), 'image/jpeg');
      await db.query(
        `INSERT INTO designs (id, user_id, original_image, image, options, status, provider, progress)
         VALUES ($1, $2, $3, $3, $4, 'completed', 'demo', 100)`,
        [id, creator.id, key, JSON.stringify({ roomType: 'Living room', theme: THEMES[n % THEMES.length] })],
      );
      await entries.enter(creator, { kind: 'design', source: id, category: 'living_rooms' });
    }
  }
  const spots: Array<{ slug: string; user_id: string }> = await db.query(
    `SELECT slug, user_id FROM spots WHERE published ORDER BY created_at LIMIT 4`,
  );
  for (const spot of spots) {
    const owner = users.find((u) => u.id === spot.user_id);
    if (owner)
      await entries.enter(owner, { kind: 'spot', source: spot.slug, category: 'luxury_spots' }).catch(() => null);
  }

  const season = await entries.currentSeason();
  const board = await entries.board(Object.assign(new BoardQueryDto(), { category: 'living_rooms', per_page: 100 }));
  const all = board.data.map((r) => r.entry);
  let votes = 0;
  let open: string | null = null;
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      if (all[i].creator?.id === all[j].creator?.id) continue;
      const [a, b] = await Promise.all([entries.find(all[i].id), entries.find(all[j].id)]);
      const battle = await battles.open(a, b, 'open');
      open = battle.id;
      for (const [k, email] of VOTERS.entries()) {
        const voter = byEmail.get(email);
        if (!voter || voter.id === a.creatorId || voter.id === b.creatorId || (i + j + k) % 4 === 3) continue;
        await battles.vote(
          voter,
          battle.id,
          { choice: CHOICES[(i * 3 + j + k) % CHOICES.length] },
          {
            ip: `10.20.0.${k + 1}`,
            device: `demo-${k}`,
          },
        );
        votes++;
      }
    }
  }
  await app.get(ArenaRatingsService).fit(season.id);
  logger.log(`Arena: ${all.length + spots.length} entries, ${votes} votes; live battle ${open ?? 'none'}`);
}
