import { randomBytes } from 'node:crypto';
import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { hashPassword } from '../../modules/auth';
import { User } from '../../modules/users/user.entity';

/** Demo creative managers: [email, name, headline, skills, rate]. */
const MANAGERS: Array<[string, string, string, string[], string]> = [
  [
    'editor@reelty.test',
    'Maya Cutter',
    'Short-form listing reels, captions and covers',
    ['video_editing'],
    '$45 an hour',
  ],
  [
    'designer@reelty.test',
    'Omar Interiors',
    'Virtual staging and room redesigns',
    ['design', 'photo'],
    'From $30 a room',
  ],
];

/**
 * OpenCreative demo: two manager accounts (a shared random password: not for signing in) listed in the marketplace,
 * an accepted grant from Rita Realtor to the editor (walkthroughs:read, spots:edit, every listing) with a few
 * activity rows on Rita's spots. Idempotent: skipped when the first manager account exists.
 */
export async function seedDemoOpenCreative(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if (await db.getRepository(User).exists({ where: { email: In(MANAGERS.map((m) => m[0])) } })) return;
  const realtor = await db.getRepository(User).findOne({ where: { email: 'realtor@reelty.test' } });
  if (!realtor) return;
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  await db.transaction(async (tx) => {
    const users = await tx.getRepository(User).save(
      MANAGERS.map(([email, name]) =>
        tx.getRepository(User).create({
          name,
          email,
          handle: name.toLowerCase().replace(/[^a-z]/g, ''),
          passwordHash,
          emailVerifiedAt: new Date(),
        }),
      ),
    );
    for (const [i, [, , headline, skills, rate]] of MANAGERS.entries())
      await tx.query(`INSERT INTO creative_managers (user_id, headline, skills, rate_text) VALUES ($1, $2, $3, $4)`, [
        users[i].id,
        headline,
        skills,
        rate,
      ]);
    const [grant] = await tx.query(
      `INSERT INTO creative_grants (owner_id, manager_id, scopes, status, accepted_at)
       VALUES ($1, $2, ARRAY['walkthroughs:read','spots:edit'], 'active', now() - interval '2 days') RETURNING id`,
      [realtor.id, users[0].id],
    );
    const spots = (await tx.query(`SELECT slug, title FROM spots WHERE user_id = $1 ORDER BY created_at LIMIT 3`, [
      realtor.id,
    ])) as Array<{ slug: string; title: string }>;
    for (const [n, spot] of spots.entries())
      await tx.query(
        `INSERT INTO creative_activity (grant_id, owner_id, manager_id, scope, resource_type, resource_id, summary, created_at)
         VALUES ($1, $2, $3, 'spots:edit', 'spot', $4, $5, now() - make_interval(hours => $6))`,
        [grant.id, realtor.id, users[0].id, spot.slug, `Changed caption of the spot "${spot.title}"`, 30 - n * 10],
      );
  });
  logger.log(`OpenCreative demo: ${MANAGERS.length} creative managers, one active grant from Rita`);
}
