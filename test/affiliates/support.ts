import { randomUUID } from 'node:crypto';
import { Clock } from '../../src/common/clock';
import type { OrderPaidEvent } from '../../src/contracts/events';
import { DomainEvents } from '../../src/modules/events';
import { JobsService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users/user.entity';
import type { TestApp, TestClient } from '../support/app';

/** An approved affiliate with accepted guidelines, ready to make links. */
export async function approvedAffiliate(t: TestApp, admin: TestClient, overrides: Partial<User> = {}) {
  const { client, user } = await t.signedIn(overrides);
  const { body: me } = await client.get('/api/affiliate/me');
  const apply = await client.post('/api/affiliate/applications').send({
    audience: 'First-time buyers in Austin, 20k followers.',
    payout_method: 'manual',
    accepted_guidelines_version: me.guidelines?.version ?? 1,
  });
  if (apply.status !== 201) throw new Error(`apply failed: ${apply.status} ${JSON.stringify(apply.body)}`);
  const approved = await admin.post(`/api/admin/affiliates/${apply.body.affiliate.id}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
  return { client, user, affiliate: approved.body.affiliate as { id: string; code: string } };
}

/** Registers a viewer through `visitor`'s session (and whatever referral it carries), as the sign-up form does. */
export function registerViewer(visitor: TestClient, name: string, email: string) {
  return visitor.post('/register').send({
    name,
    email,
    password: 'a-good-password',
    password_confirmation: 'a-good-password',
    type: 'viewer',
  });
}

export function orderEvent(t: TestApp, fields: Partial<OrderPaidEvent> & { total_minor: number }): OrderPaidEvent {
  const orderId = randomUUID();
  return {
    order_id: orderId,
    order_number: `R-${orderId.slice(0, 6)}`,
    user_id: null,
    email: `buyer-${orderId.slice(0, 6)}@example.test`,
    currency: 'USD',
    subtotal_minor: fields.total_minor,
    paid_at: t.app.get(Clock).now().toISOString(),
    referral_code: null,
    lines: [
      {
        line_id: randomUUID(),
        product_id: randomUUID(),
        variant_id: randomUUID(),
        category: 'credit-packs',
        quantity: 1,
        unit_price_minor: fields.total_minor,
        total_minor: fields.total_minor,
      },
    ],
    ...fields,
  };
}

/** Publishes the event as commerce would and waits until the affiliates consumer has applied it. */
export async function pay(t: TestApp, order: OrderPaidEvent): Promise<void> {
  await t.app.get(DomainEvents).publish('order.paid', `order.paid|${order.order_id}`, order);
  await settle(t);
}

export async function refund(t: TestApp, order: OrderPaidEvent, amount: number, full: boolean): Promise<void> {
  const refundId = randomUUID();
  await t.app.get(DomainEvents).publish('order.refunded', `order.refunded|${refundId}`, {
    order_id: order.order_id,
    refund_id: refundId,
    user_id: order.user_id,
    currency: order.currency,
    amount_minor: amount,
    full,
    refunded_at: t.app.get(Clock).now().toISOString(),
    lines: full ? [] : [{ line_id: order.lines[0].line_id, amount_minor: amount }],
  });
  await settle(t);
}

/** Waits until the events queue has nothing waiting or running for this test app. */
export async function settle(t: TestApp, timeoutMs = 10_000): Promise<void> {
  const jobs = t.app.get(JobsService);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const states = await jobs.states();
    const busy = states
      .filter((s) => s.name === 'events' || s.name === 'payouts')
      .some((s) => s.waiting + s.active > 0 || (s.name === 'payouts' && s.delayed > 0));
    if (!busy) return;
    if (Date.now() > until) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 30));
  }
}

export async function commissionsOf(t: TestApp, affiliateId: string) {
  return t.db.query(
    `SELECT id, tier, status, amount_minor::int AS amount, status_reason FROM affiliate_commissions
     WHERE affiliate_id = $1 ORDER BY created_at`,
    [affiliateId],
  );
}

export async function buckets(t: TestApp, affiliateId: string): Promise<Record<string, number>> {
  const rows = await t.db.query(
    `SELECT bucket, sum(amount_minor)::int AS total FROM affiliate_ledger WHERE affiliate_id = $1 GROUP BY bucket`,
    [affiliateId],
  );
  return Object.fromEntries(rows.map((r: { bucket: string; total: number }) => [r.bucket, r.total]));
}
