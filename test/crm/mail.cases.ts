import { Clock } from '../../src/common/clock';
import { deriveSecret } from '../../src/config/app-key';
import { signClick } from '../../src/modules/crm/templates/click-token';
import { CrmMailEventsService } from '../../src/modules/crm/templates/crm-mail-events.service';
import { CrmMailOutboxService } from '../../src/modules/crm/templates/crm-mail-outbox.service';
import { CrmTemplatesService } from '../../src/modules/crm/templates/crm-templates.service';
import { TIMERS } from '../../src/modules/crm/crm.constants';
import { signIntake } from '../../src/modules/crm/leads/intake-signature';
import { TimersService } from '../../src/modules/jobs';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, type Book } from './support';

jest.setTimeout(60_000);

const SECRET = 'mail-events-test-secret';
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { getStatus?: () => number }) => e.getStatus?.() ?? 500,
  );

/**
 * Marketing mail after the send: one contact's templated email, the outbox (queued rows delivered once even when
 * the job after the commit never ran or ran twice), signed click redirects, and the bounce/complaint webhook.
 */
describe('crm: marketing mail outbox, clicks and bounces', () => {
  let t: TestApp;
  let book: Book;
  let templates: CrmTemplatesService;
  let outbox: CrmMailOutboxService;
  let events: CrmMailEventsService;
  let templateId: string;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp({ MAIL_WEBHOOK_SECRET: SECRET });
    templates = t.app.get(CrmTemplatesService);
    outbox = t.app.get(CrmMailOutboxService);
    events = t.app.get(CrmMailEventsService);
    book = await makeBook(t);
    templateId = (
      await book.owner.client
        .post('/api/crm/templates')
        .send({
          kind: 'email',
          name: 'Just listed',
          subject: 'Hi {{first_name}}',
          body: 'Look: https://example.com/h?a=1&b=2',
        })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const contact = async (email: string | null) =>
    (
      await t.db.query(
        `INSERT INTO crm_contacts (team_id, name, email, source) VALUES ($1, 'Ann Lee', $2, 'manual') RETURNING id`,
        [book.teamId, email],
      )
    )[0].id as string;
  const sendRow = async (contactId: string) =>
    (await t.db.query(`SELECT * FROM crm_email_sends WHERE contact_id = $1`, [contactId]))[0];
  const mailsTo = (to: string) =>
    t.db.query(`SELECT * FROM mails WHERE "to" = $1`, [to]) as Promise<
      Array<{ html: string; headers: Record<string, string> }>
    >;
  const delivered = async (contactId: string) => {
    for (let i = 0; i < 100; i++) {
      const row = await sendRow(contactId);
      if (row?.state === 'sent') return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the outbox never delivered the row');
  };

  it('sends one template from a contact through the outbox, with tracked links; refuses an email-less contact', async () => {
    const id = await contact('ann@x.co');
    const res = await book.owner.client.post(`/api/crm/contacts/${id}/emails`).send({ template_id: templateId });
    expect([res.status, res.body]).toEqual([200, { sent: 1, suppressed: 0, skipped: 0 }]);
    const row = await delivered(id);
    expect(row.html).toBeNull();
    const [mail] = await mailsTo('ann@x.co');
    expect(mail.headers['X-Reelty-Send']).toBe(row.id);
    expect(mail.html).toMatch(
      /<a href="http[^"]+\/m\/c\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+">https:\/\/example\.com\/h\?a=1&amp;b=2<\/a>/,
    );
    expect(row.links).toEqual(['https://example.com/h?a=1&b=2']);
    const none = await contact(null);
    const bad = await book.owner.client
      .post(`/api/crm/contacts/${none}/emails`)
      .set('Accept', 'application/json')
      .send({ template_id: templateId });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([422, ['template_id']]);
  });

  it('redirects a signed click, counting each request and keeping the first; forged tokens answer 404', async () => {
    const id = await contact('clicker@x.co');
    await templates.sendToContact(book.owner.user, id, templateId);
    const row = await delivered(id);
    const token = signClick(deriveSecret(t.config.appKey, 'crm-click'), row.id, 0);
    const guest = await t.client();
    const clock = t.app.get(Clock);
    const t0 = clock.nowMs();
    const res = await guest.get(`/m/c/${token}`);
    expect([res.status, res.headers.location]).toEqual([302, 'https://example.com/h?a=1&b=2']);
    clock.advance(60_000);
    expect(await outbox.click(token, true)).toBe('https://example.com/h?a=1&b=2');
    expect(await outbox.click(token, false)).toBe('https://example.com/h?a=1&b=2'); // a HEAD probe: not counted
    clock.reset();
    const after = await sendRow(id);
    expect(after.clicks).toBe(2);
    expect(new Date(after.first_clicked_at).getTime()).toBeLessThan(t0 + 30_000); // the first click, not the second
    expect(after.opened_at).toEqual(after.first_clicked_at);
    const forged = [
      signClick('another-key', row.id, 0),
      signClick(deriveSecret(t.config.appKey, 'crm-click'), row.id, 1), // no such link
      signClick(deriveSecret(t.config.appKey, 'crm-click'), '00000000-0000-4000-8000-000000000000', 0),
      `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`,
      'https:%2F%2Fevil.example',
    ];
    for (const f of forged) expect(await status(outbox.click(f, true))).toBe(404);
    expect((await guest.get(`/m/c/${forged[0]}`)).status).toBe(404);
    expect((await sendRow(id)).clicks).toBe(2);
  });

  it('delivers rows left queued by a crash after the commit exactly once, however many drains run', async () => {
    const ids = [await contact(`q${++n}@x.co`), await contact(`q${++n}@x.co`)];
    const dispatch = jest.spyOn(outbox, 'dispatch').mockRejectedValueOnce(new Error('process died'));
    await expect(templates.send(book.owner.user, templateId, { contact_ids: ids })).rejects.toThrow('process died');
    dispatch.mockRestore();
    const rows = await Promise.all(ids.map(sendRow));
    expect(rows.map((r) => r.state)).toEqual(['queued', 'queued']);
    const batch = { batchId: rows[0].batch_id as string };
    const [byTimer, byJob] = await Promise.all([
      t.app.get(TimersService).fire(TIMERS.mailOutbox, batch),
      outbox.drain(batch),
    ]);
    expect(Number(byTimer) + byJob).toBe(2);
    expect(await outbox.drain(batch)).toBe(0);
    for (const [i, id] of ids.entries()) {
      expect((await sendRow(id)).state).toBe('sent');
      expect(await mailsTo(`q${i + 1}@x.co`)).toHaveLength(1);
    }
  });

  it('counts a webhook event once: a complaint suppresses and marks the row, a soft bounce only counts', async () => {
    const id = await contact('moaner@x.co');
    await templates.sendToContact(book.owner.user, id, templateId);
    const row = await delivered(id);
    const post = (body: object, signature?: string) =>
      t.client().then((c) =>
        c
          .post('/webhooks/mail/events')
          .set('Content-Type', 'application/json')
          .set(
            'X-Reelty-Signature',
            signature ?? signIntake(SECRET, Math.floor(Date.now() / 1000), JSON.stringify(body)),
          )
          .send(body),
      );
    const soft = { id: 'evt-soft-1', type: 'bounce', bounce_type: 'soft', email: 'moaner@x.co', send_id: row.id };
    expect((await post(soft)).body).toEqual({ recorded: true });
    expect((await post(soft)).body).toEqual({ recorded: false });
    expect((await post(soft, 't=1,v1=' + '0'.repeat(64))).status).toBe(401);
    expect(await events.record({ ...soft, type: 'bounce', bounce_type: 'soft', id: 'evt-soft-2' })).toEqual({
      recorded: true,
    });
    let after = await sendRow(id);
    expect([after.soft_bounces, after.failure]).toEqual([2, null]);
    expect(await t.db.query(`SELECT 1 FROM crm_suppressions WHERE email = 'moaner@x.co'`)).toHaveLength(0);
    const complaint = { id: 'evt-c-1', type: 'complaint' as const, email: 'Moaner@X.co' };
    expect(await events.record(complaint)).toEqual({ recorded: true });
    expect(await events.record(complaint)).toEqual({ recorded: false });
    after = await sendRow(id);
    expect(after.failure).toBe('complaint');
    expect(after.failed_at).not.toBeNull();
    expect(await t.db.query(`SELECT reason FROM crm_suppressions WHERE email = 'moaner@x.co'`)).toEqual([
      { reason: 'complaint' },
    ]);
    expect(await templates.sendToContact(book.owner.user, id, templateId)).toEqual({
      sent: 0,
      suppressed: 1,
      skipped: 0,
    });
    expect(await mailsTo('moaner@x.co')).toHaveLength(1);
  });
});
