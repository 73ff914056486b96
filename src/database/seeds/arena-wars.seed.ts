import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { ArenaBattlesService } from '../../modules/arena/arena-battles.service';
import { ArenaEntriesService } from '../../modules/arena/arena-entries.service';
import { ArenaIntegrityService } from '../../modules/arena/arena-integrity.service';
import { ArenaSquadsService } from '../../modules/arena/arena-squads.service';
import { ArenaChallengesService } from '../../modules/arena/arena-challenges.service';
import { ArenaWarsService } from '../../modules/arena/arena-wars.service';
import { leftIsA } from '../../modules/arena/arena.mapper';
import { CLUSTER_RULES, windowStartOf } from '../../modules/arena/core';
import { hashPassword } from '../../modules/auth/password';
import { User } from '../../modules/users/user.entity';

/** Each fan's vote on each attack (a = the attacker's entry): 3 stars and 2 stars, so the home squad wins 3–2. */
const ATTACK_VOTES = ['aaaaab', 'aaaabb'];

/**
 * A finished demo war and a flagged vote cluster, through the arena's services: the realtor's squad against the
 * buyer's and the viewer's, lineups from their living-room entries, two attacks judged by six new "arena fan"
 * accounts voting from one address (which the integrity scan then flags for review). Only the phase deadlines are
 * moved into the past so the war can close now. Idempotent: skipped once a war exists.
 */
export async function seedDemoArenaWars(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM arena_wars LIMIT 1`)).length) return;
  const users = await db
    .getRepository(User)
    .findBy({ email: In(['realtor@reelty.test', 'buyer@reelty.test', 'viewer@reelty.test']) });
  const [realtor, buyer, viewer] = ['realtor', 'buyer', 'viewer'].map((n) =>
    users.find((u) => u.email === `${n}@reelty.test`),
  );
  if (!realtor || !buyer || !viewer) return;
  const entries = app.get(ArenaEntriesService);
  const entryOf = async (u: User) => (await entries.mine(u)).find((e) => e.category === 'living_rooms');
  const lineup = [await entryOf(realtor), await entryOf(buyer), await entryOf(viewer)];
  if (lineup.some((e) => !e)) return;

  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const fans = await db.getRepository(User).save(
    [1, 2, 3, 4, 5, 6].map((i) =>
      db.getRepository(User).create({
        name: `Arena fan ${i}`,
        email: `arena-fan-${i}@reelty.test`,
        handle: `arenafan${i}`,
        passwordHash,
        emailVerifiedAt: new Date(),
      }),
    ),
  );

  const squads = app.get(ArenaSquadsService);
  const wars = app.get(ArenaWarsService);
  const battles = app.get(ArenaBattlesService);
  const home = await squads.create(realtor, { name: 'Realtor Rockets' });
  const away = await squads.create(buyer, { name: 'Buyer Brigade' });
  await squads.join(viewer, away.id);
  const challenges = app.get(ArenaChallengesService);
  const challenge = await challenges.challenge(realtor, {
    squad_id: home.id,
    opponent_id: away.id,
    category: 'living_rooms',
    prep_minutes: 60,
    battle_minutes: 240,
  });
  const war = await challenges.accept(buyer, challenge.id);
  for (const [i, u] of [realtor, buyer, viewer].entries()) await wars.setLineup(u, war.id, { entry_id: lineup[i]!.id });
  await db.query(`UPDATE arena_wars SET prep_ends_at = now() - interval '1 second' WHERE id = $1`, [war.id]);
  await wars.onBattleStart({ warId: war.id });
  const first = await wars.attack(realtor, war.id, { target_entry_id: lineup[1]!.id });
  const second = await wars.attack(viewer, war.id, { target_entry_id: lineup[0]!.id });
  const attacks = [first.attacks[0], second.attacks.find((a) => a.id !== first.attacks[0].id)!];
  for (const [n, attack] of attacks.entries()) {
    const battle = await battles.find(attack.battle_id);
    for (const [k, fan] of fans.entries()) {
      const forAttacker = ATTACK_VOTES[n][k] === 'a';
      const choice = forAttacker === leftIsA(battle, fan.id) ? 'left' : 'right';
      await battles.vote(fan, battle.id, { choice }, { ip: '203.0.113.50', device: 'demo-ring' });
    }
  }
  await db.query(`UPDATE arena_wars SET battle_ends_at = now() - interval '1 second' WHERE id = $1`, [war.id]);
  await db.query(
    `UPDATE arena_battles SET closes_at = now() - interval '1 second'
      WHERE id IN (SELECT battle_id FROM arena_war_attacks WHERE war_id = $1)`,
    [war.id],
  );
  await wars.onClose({ warId: war.id });
  // A rematch challenge waiting for the realtor (captain of the home squad) to accept or decline.
  await challenges.challenge(buyer, { squad_id: away.id, opponent_id: home.id, category: 'kitchens' });

  const from = windowStartOf(Date.now(), CLUSTER_RULES.windowMs);
  const flags = await app
    .get(ArenaIntegrityService)
    .scan(war.season_id, new Date(from - CLUSTER_RULES.windowMs), new Date(from + CLUSTER_RULES.windowMs));
  logger.log(`Arena: war ${war.id} closed; ${flags} vote clusters flagged for review`);
}
