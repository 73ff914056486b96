import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { OrderPaidEvent } from '../../contracts/events';
import { AttributionService, ProgrammeService } from '../../modules/affiliates';
import { CommissionsService } from '../../modules/affiliates/commissions.service';
import { PayoutsService } from '../../modules/affiliates/payouts/payouts.service';
import { User } from '../../modules/users/user.entity';

const DAY = 86_400_000;

/**
 * The affiliate programme, working: the demo viewer is an approved affiliate with a tracked link, a referred buyer,
 * one paid commission (and its payout batch), one payable and one still in the refund window; the demo realtor's
 * application waits in the admin's queue. Idempotent: skipped once the viewer is an affiliate.
 */
export async function seedDemoAffiliates(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const users = db.getRepository(User);
  const [viewer, realtor, buyer, admin] = await Promise.all(
    ['viewer@reelty.test', 'realtor@reelty.test', 'buyer@reelty.test', 'admin@reelty.test'].map((email) =>
      users.findOneBy({ email }),
    ),
  );
  if (!viewer || !realtor || !buyer || !admin) return;
  const programme = app.get(ProgrammeService);
  if (await programme.row({ userId: viewer.id })) return;

  const guidelines = (await programme.guidelines())!;
  const affiliate = await programme.apply(viewer, {
    audience: 'Home buyers in Austin who follow my renovation reels.',
    // Bank transfer: the method that works in every setup (PayPal and USDC need their providers configured).
    payout_method: 'manual',
    accepted_guidelines_version: guidelines.version,
    website: 'https://example.com/vera',
  });
  await programme.decide(admin, affiliate.id, 'approve', null);
  await programme.apply(realtor, {
    audience: 'My listing followers and past clients across Texas.',
    payout_method: 'manual',
    accepted_guidelines_version: guidelines.version,
  });
  const row = (await programme.row({ id: affiliate.id }))!;
  const attribution = app.get(AttributionService);
  const link = await attribution.createLink(row, '/marketplace', 'demo');
  for (let i = 0; i < 9; i++) await attribution.click(link.token, `203.0.113.${i}`);
  await db.query(
    `UPDATE affiliate_clicks SET created_at = now() - (random() * interval '25 days') WHERE affiliate_id = $1`,
    [affiliate.id],
  );
  await db.query(
    `INSERT INTO affiliate_referrals (affiliate_id, user_id, source, clicked_at) VALUES ($1, $2, 'link', now() - interval '50 days')
     ON CONFLICT (user_id) DO NOTHING`,
    [affiliate.id, buyer.id],
  );

  const commissions = app.get(CommissionsService);
  const order = (daysAgo: number, total: number, category: string): OrderPaidEvent => {
    const id = randomUUID();
    return {
      order_id: id,
      order_number: `R-${id.slice(0, 6).toUpperCase()}`,
      user_id: buyer.id,
      email: buyer.email,
      currency: 'USD',
      subtotal_minor: total,
      total_minor: total,
      paid_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      referral_code: null,
      lines: [
        {
          line_id: randomUUID(),
          product_id: randomUUID(),
          variant_id: randomUUID(),
          category,
          quantity: 1,
          unit_price_minor: total,
          total_minor: total,
        },
      ],
    };
  };
  const deliver = (o: OrderPaidEvent) =>
    commissions.onOrderPaid({ id: `order.paid|${o.order_id}`, name: 'order.paid', occurred_at: o.paid_at, payload: o });
  await deliver(order(45, 49_900, 'credit-packs'));
  await releaseDue(db, commissions, affiliate.id);
  const payouts = app.get(PayoutsService);
  const preview = await payouts.preview(admin);
  if (preview.lines.length) {
    await payouts.confirm(admin, preview.batch.id).catch(() => undefined);
    await payouts.runBatch(preview.batch.id);
    // The bank transfer went out and the bank paid it: the admin confirms, so the demo batch reads "Paid".
    await payouts.settleBankTransfers(preview.batch.id, { received: true }).catch(() => undefined);
  }
  await deliver(order(38, 29_900, 'listing-boosts'));
  await releaseDue(db, commissions, affiliate.id);
  await deliver(order(6, 19_900, 'style-packs'));
  logger.log(
    'Demo affiliate programme: viewer@reelty.test is an affiliate (paid, payable and pending commissions); realtor@reelty.test has applied',
  );
}

async function releaseDue(db: DataSource, commissions: CommissionsService, affiliateId: string) {
  const due: Array<{ id: string }> = await db.query(
    `SELECT id FROM affiliate_commissions WHERE affiliate_id = $1 AND status = 'pending' AND moves_at <= now()`,
    [affiliateId],
  );
  for (const c of due) await commissions.releaseHold(c.id);
}
