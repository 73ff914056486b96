import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { sharp } from '../../common/sharp';
import { DataSource } from 'typeorm';
import { AuditService } from '../../modules/admin';
import { MetricsService } from '../../modules/admin/metrics.service';
import { DesignAssetsService, DesignChatModerationService } from '../../modules/designs';
import { ProfileStickersService, StickersService } from '../../modules/stickers';
import { StorageService } from '../../modules/storage';
import type { User } from '../../modules/users';
import { demoPhoto } from './demo-photos';

export const DEMO_STICKER_PACK = 'Open house';

const STICKERS: Array<[string, string]> = [
  ['Sold!', '#0f766e'],
  ['Open house', '#b45309'],
  ['New listing', '#be123c'],
];
const PREVIEWS: Record<string, [string, string]> = {
  Modern: ['#e5e7eb', '#374151'],
  Scandinavian: ['#f5f0e6', '#a8a29e'],
  Coastal: ['#e0f2fe', '#0369a1'],
};

/** A round sticker with its word on it (transparent around), as PNG. */
const sticker = (text: string, colour: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="${colour}"/>` +
        `<text x="128" y="142" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
const gradient = ([a, b]: [string, string]) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><defs><linearGradient id="g" x2="1" y2="1">` +
        `<stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
        `<rect width="320" height="320" fill="url(#g)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/**
 * Admin console demo data, so the demo admin sees every screen populated: design-asset previews and a location, a
 * sticker pack, flagged design-chat messages, an announcement and a finished broadcast, audit rows for each, and
 * a first metrics rollup. Idempotent: skipped when the demo sticker pack exists.
 */
export async function seedDemoAdmin(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM sticker_packs WHERE name = $1`, [DEMO_STICKER_PACK])).length) return;
  const [admin] = await db.query<Array<Pick<User, 'id' | 'email'>>>(
    `SELECT id, email FROM users WHERE email = 'admin@reelty.test'`,
  );
  const [viewer] = await db.query<Array<{ id: string }>>(`SELECT id FROM users WHERE email = 'viewer@reelty.test'`);
  if (!admin || !viewer) return;
  const audit = app.get(AuditService);
  const ctx = { actor: admin, ip: '127.0.0.1' };

  const assets = app.get(DesignAssetsService);
  await assets.create(
    'location',
    { name: 'Lisbon', prompt_fragment: 'azulejo tiles, terracotta floors, soft Atlantic light' },
    audit.hook(ctx, 'design_asset.created', 'design_asset'),
  );
  const themes = (await assets.page({ category: 'theme' }, 1, 50)).data;
  for (const theme of themes.filter((t) => PREVIEWS[t.name])) {
    await assets.uploadPreview(
      theme.id,
      await gradient(PREVIEWS[theme.name]),
      audit.hook(ctx, 'design_asset.updated', 'design_asset'),
    );
  }

  const stickers = app.get(StickersService);
  const pack = await stickers.createPack(
    { name: DEMO_STICKER_PACK, description: 'For listings and open houses.' },
    audit.hook(ctx, 'sticker_pack.created', 'sticker_pack'),
  );
  const added: string[] = [];
  for (const [name, colour] of STICKERS) {
    const made = await stickers.addSticker(
      pack.id,
      name,
      await sticker(name, colour),
      audit.hook(ctx, 'sticker.added', 'sticker_pack', name),
    );
    added.push(made.id);
  }
  // The demo viewer wears three of them on their profile.
  await app.get(ProfileStickersService).pin(viewer, added.slice(0, 3));

  // A design of the demo viewer whose chat has one filtered message and one reported reply.
  // Its room photo is a stored image like any design's, so the viewer's gallery shows it (not a broken link).
  const designId = randomUUID();
  const photo = `designs/${viewer.id}/${designId}/demo-room.jpg`;
  await app.get(StorageService).put(photo, await demoPhoto(60, 2), 'image/jpeg');
  await db.query(
    `INSERT INTO designs (id, user_id, original_image, image, status, provider, options)
     VALUES ($1, $2, $3, $3, 'completed', 'local', '{"roomType":"Living room","theme":"Coastal"}')`,
    [designId, viewer.id, photo],
  );
  const say = async (role: 'user' | 'assistant', content: string, minutesAgo: number) =>
    (
      await db.query(
        `INSERT INTO design_chat_messages (design_id, user_id, role, content, created_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
        [designId, viewer.id, role, content, minutesAgo],
      )
    )[0].id as string;
  const moderation = app.get(DesignChatModerationService);
  const spam = 'Cheaper sofas at www.discount-sofas.example, mention my name!';
  await moderation.screen(await say('user', spam, 30), spam);
  const reply = await say('assistant', 'A navy velvet sofa would anchor the room; pair it with rattan.', 29);
  await db.query(
    `INSERT INTO design_chat_flags (message_id, reporter_id, source, reason) VALUES ($1, $2, 'user', 'Not what I asked')`,
    [reply, viewer.id],
  );

  // Marketing: a live banner for everyone and a broadcast already sent (written as sent: seeding notifies nobody).
  await db.transaction(async (tx) => {
    const [{ id: banner }] = await tx.query(
      `INSERT INTO announcements (title, body, url, style, audience, starts_at, created_by)
       VALUES ('Sticker packs are here', 'Send them in chat and wear them on your profile.', '/designer', 'banner', 'all',
               now() - interval '1 hour', $1) RETURNING id`,
      [admin.id],
    );
    const [{ id: sent }] = await tx.query(
      `INSERT INTO broadcasts (title, body, audience, status, total, sent, email, emailed, suppressed, created_by,
                               finished_at, created_at)
       VALUES ('Spring open houses', 'See this weekend''s open houses near you.', 'viewer', 'done', 2, 2, true, 1, 0, $1,
               now() - interval '2 days', now() - interval '2 days') RETURNING id`,
      [admin.id],
    );
    await audit.record(ctx, { action: 'announcement.created', subject: { type: 'announcement', id: banner } }, tx);
    await audit.record(ctx, { action: 'broadcast.queued', subject: { type: 'broadcast', id: sent } }, tx);
  });

  // The dashboard's figures from the first rollup rather than after the first scheduled one.
  await app.get(MetricsService).rollup();
  logger.log('Admin demo: design assets, a sticker pack, flagged design chat, marketing and a metrics rollup');
}
