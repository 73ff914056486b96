import { Clock } from '../../src/common/clock';
import { CreditsService } from '../../src/modules/credits';
import { CrmCampaignPublicService } from '../../src/modules/crm/campaigns/crm-campaign-public.service';
import { CrmCampaignsService } from '../../src/modules/crm/campaigns/crm-campaigns.service';
import { CrmTemplatesService } from '../../src/modules/crm/templates/crm-templates.service';
import { TIMERS } from '../../src/modules/crm/crm.constants';
import { TimersService } from '../../src/modules/jobs';
import { Logger } from '@nestjs/common';
import { seedDemoCrmMarketing } from '../../src/database/seeds/crm-marketing.seed';
import { TeamsService } from '../../src/modules/teams';
import { bootTestApp, TestApp } from '../support/app';
import { makeBook, type Book } from './support';

jest.setTimeout(120_000);

const CONSENT = 'campaign-2026-11';
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { getStatus?: () => number }) => e.getStatus?.() ?? 500,
  );

/**
 * The CRM's marketing on the booted app: the farm's public form, QR and credits codes that redeem exactly once,
 * gifts; templated email with escaped merge fields, the one-click unsubscribe and the suppression list.
 */
describe('crm: farm campaigns, codes and templated email', () => {
  let t: TestApp;
  let clock: Clock;
  let campaigns: CrmCampaignsService;
  let publicSide: CrmCampaignPublicService;
  let book: Book;
  let campaign: { id: string; form_url: string };
  let n = 0;
  const ip = () => `10.9.${Math.floor(++n / 200)}.${n % 200}`;

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    campaigns = t.app.get(CrmCampaignsService);
    publicSide = t.app.get(CrmCampaignPublicService);
    book = await makeBook(t);
    const res = await book.owner.client
      .post('/api/crm/campaigns')
      .send({
        name: 'Mission farm',
        headline: 'Your Mission market report',
        area: { kind: 'radius', lat: 37.76, lng: -122.42, radius_m: 1500 },
      })
      .expect(201);
    campaign = res.body;
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  const slug = () => campaign.form_url.split('/c/')[1];
  const leadsOf = async (source: string) =>
    (await t.db.query(`SELECT * FROM crm_leads WHERE campaign_id = $1 AND source = $2`, [
      campaign.id,
      source,
    ])) as Array<{
      contact_id: string;
      consent_version: string;
    }>;
  const person = (email: string) => ({ name: 'Nia', email, consent_version: CONSENT });

  it('takes public form submissions as leads of the campaign, deduped, with the consent version', async () => {
    const { form_token } = await publicSide.form(slug());
    clock.advance(3000);
    await publicSide.submit(slug(), { ...person('nia@x.co'), form_token }, ip());
    await publicSide.submit(slug(), { ...person('NIA@x.co'), form_token, message: 'Again' }, ip());
    const leads = await leadsOf('campaign');
    expect(leads).toHaveLength(2);
    expect(new Set(leads.map((l) => l.contact_id)).size).toBe(1);
    expect(leads[0].consent_version).toBe(CONSENT);
  });

  it('drops honeypots, forged tokens and forms sent too fast; refuses a stale token and missing consent', async () => {
    const { form_token } = await publicSide.form(slug());
    const before = (await leadsOf('campaign')).length;
    await publicSide.submit(slug(), { ...person('bot1@x.co'), form_token }, ip()); // too fast
    clock.advance(3000);
    await publicSide.submit(slug(), { ...person('bot2@x.co'), form_token, website: 'spam' }, ip());
    await publicSide.submit(
      slug(),
      { ...person('bot3@x.co'), form_token: form_token.slice(0, -1) + (form_token.endsWith('0') ? '1' : '0') },
      ip(),
    );
    expect((await leadsOf('campaign')).length).toBe(before);
    expect(
      await status(publicSide.submit(slug(), { ...person('a@x.co'), consent_version: 'x', form_token }, ip())),
    ).toBe(422);
    clock.advance(7 * 3600 * 1000);
    expect(await status(publicSide.submit(slug(), { ...person('b@x.co'), form_token }, ip()))).toBe(422);
    expect(await status(publicSide.form('nosuchcampaign'))).toBe(404);
  });

  it('limits the public form to 20 submissions an hour per address (429 after), other addresses unaffected', async () => {
    const { form_token } = await publicSide.form(slug());
    const from = ip();
    // Honeypot-filled, so nothing is stored: the limit counts every submission before any other check.
    const bot = { ...person('limit@x.co'), form_token, website: 'x' };
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await status(publicSide.submit(slug(), bot, from)));
    expect([answers.slice(0, 20).every((s) => s === 200), answers[20]]).toEqual([true, 429]);
    expect(await status(publicSide.submit(slug(), bot, ip()))).toBe(200);
  });

  it('redeems a QR code exactly once under parallel requests, in one transaction with the lead', async () => {
    const { codes } = await campaigns.makeCodes(book.owner.user, campaign.id, {
      kind: 'qr',
      count: 2,
      expires_in_days: 30,
      label: 'Print run A',
    });
    const [code] = codes;
    expect(code.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => status(publicSide.redeemQr(code.code, person(`qr${i}@x.co`), ip()))),
    );
    expect(results.sort()).toEqual([200, 409, 409, 409, 409]);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM crm_code_redemptions WHERE code_id = $1`, [
      code.id,
    ]);
    expect(count).toBe(1);
    expect(await leadsOf('qr')).toHaveLength(1);
    // Losers left no contact behind: only the winner's address is in the book.
    const [{ people }] = await t.db.query(
      `SELECT count(*)::int AS people FROM crm_contacts WHERE team_id = $1 AND email LIKE 'qr%'`,
      [book.teamId],
    );
    expect(people).toBe(1);
    expect((await publicSide.qrPage(code.code.toLowerCase(), ip())).state).toBe('redeemed');
    expect((await publicSide.qrPage(codes[1].code, ip())).state).toBe('valid');
  });

  it('grants a credits code once, paid by its maker; an expired code is refused', async () => {
    const credits = t.app.get(CreditsService);
    await credits.grant(book.owner.user.id, 10, 'test');
    const before = await credits.balance(book.owner.user.id);
    const { codes } = await campaigns.makeCodes(book.owner.user, campaign.id, {
      kind: 'credits',
      count: 2,
      credits: 3,
      expires_in_days: 1,
    });
    expect(await credits.balance(book.owner.user.id)).toBe(before - 6);
    const a = await t.signedIn({ type: 'viewer' });
    const b = await t.signedIn({ type: 'viewer' });
    const start = await credits.balance(a.user.id);
    const results = await Promise.all(
      [a, b, a].map((p) => status(publicSide.redeemCredits(p.user, codes[0].code, ip()))),
    );
    expect(results.sort()).toEqual([200, 409, 409]);
    const gained = (await credits.balance(a.user.id)) - start + (await credits.balance(b.user.id)) - start;
    expect(gained).toBe(3);
    clock.advance(2 * 86_400_000);
    expect(await status(publicSide.redeemCredits(a.user, codes[1].code, ip()))).toBe(422);
    const poor = await makeBook(t);
    expect(
      await status(
        campaigns.makeCodes(poor.owner.user, campaign.id, {
          kind: 'credits',
          count: 1,
          credits: 1,
          expires_in_days: 1,
        }),
      ),
    ).toBe(403);
    expect(
      await status(
        campaigns.makeCodes(book.owner.user, campaign.id, {
          kind: 'credits',
          count: 500,
          credits: 100,
          expires_in_days: 1,
        }),
      ),
    ).toBe(402);
  });

  it('returns the credits of codes that expire unredeemed to their maker, once, when the timer fires', async () => {
    const credits = t.app.get(CreditsService);
    const timers = t.app.get(TimersService);
    const farm = (await book.owner.client.post('/api/crm/campaigns').send({ name: 'Expiring codes' }).expect(201)).body;
    await credits.grant(book.owner.user.id, 10, 'test');
    const before = await credits.balance(book.owner.user.id);
    const { codes } = await campaigns.makeCodes(book.owner.user, farm.id, {
      kind: 'credits',
      count: 3,
      credits: 2,
      expires_in_days: 1,
    });
    expect(await credits.balance(book.owner.user.id)).toBe(before - 6);
    const viewer = await t.signedIn({ type: 'viewer' });
    await publicSide.redeemCredits(viewer.user, codes[0].code, ip());
    // Early (a timer that fires before its time) nothing moves.
    expect(await timers.fire(TIMERS.codesExpire, { campaignId: farm.id })).toBe(0);
    clock.advance(86_400_000);
    expect(await status(publicSide.redeemCredits(viewer.user, codes[1].code, ip()))).toBe(422);
    expect(await timers.fire(TIMERS.codesExpire, { campaignId: farm.id })).toBe(2);
    expect(await timers.fire(TIMERS.codesExpire, { campaignId: farm.id })).toBe(0);
    expect(await credits.balance(book.owner.user.id)).toBe(before - 2);
    const ledger = await t.db.query(
      `SELECT kind, amount FROM credit_transactions WHERE user_id = $1 AND reason LIKE 'Credits code %' ORDER BY id`,
      [book.owner.user.id],
    );
    expect(ledger.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['refund', 2],
      ['refund', 2],
    ]);
    const expiries = await t.db.query(
      `SELECT e.returned_to, e.credits FROM crm_code_expiries e JOIN crm_campaign_codes c ON c.id = e.code_id
        WHERE c.campaign_id = $1`,
      [farm.id],
    );
    expect(expiries).toEqual([
      { returned_to: book.owner.user.id, credits: 2 },
      { returned_to: book.owner.user.id, credits: 2 },
    ]);
  });

  it('backs off an address that guesses codes, even for a good code', async () => {
    const { codes } = await campaigns.makeCodes(book.owner.user, campaign.id, {
      kind: 'qr',
      count: 1,
      expires_in_days: 30,
    });
    const from = ip();
    const guesses = [];
    for (let i = 0; i < 8; i++) guesses.push(await status(publicSide.qrPage(`ZZZZ-ZZZZ-ZZ${i}${i}`, from)));
    expect(guesses).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(await status(publicSide.redeemQr(codes[0].code, person('late@x.co'), from))).toBe(429);
    expect(await status(publicSide.redeemQr(codes[0].code, person('late@x.co'), ip()))).toBe(200);
  });

  it('tracks gifts on the contact and the campaign', async () => {
    const [contact] = await t.db.query(`SELECT id FROM crm_contacts WHERE team_id = $1 LIMIT 1`, [book.teamId]);
    const gift = await campaigns.addGift(book.owner.user, {
      contact_id: contact.id,
      campaign_id: campaign.id,
      description: 'Pie for Thanksgiving',
      cost_minor: 2450,
    });
    expect(gift).toMatchObject({ cost_minor: 2450, currency: 'USD', contact: { id: contact.id } });
    const [activity] = await t.db.query(
      `SELECT kind, body FROM crm_activities WHERE contact_id = $1 AND kind = 'gift'`,
      [contact.id],
    );
    expect(activity.body).toBe('Pie for Thanksgiving');
    const json = await book.owner.client.visit(`/farm?campaign=${campaign.id}&tab=gifts`);
    expect(json.body.props.selected.campaign.counts).toMatchObject({ gifts: 1, gifts_cost_minor: 2450, redeemed: 3 });
  });

  it('sends a template with escaped merge fields and List-Unsubscribe, skipping suppressed and email-less contacts', async () => {
    const templates = t.app.get(CrmTemplatesService);
    const contact = async (name: string, email: string | null) =>
      (
        await t.db.query(
          `INSERT INTO crm_contacts (team_id, name, email, source, tags) VALUES ($1, $2, $3, 'manual', '{newsletter}') RETURNING id`,
          [book.teamId, name, email],
        )
      )[0].id as string;
    await contact('<b>Eve</b> Stone', 'eve@x.co');
    await contact('Gus Gone', 'gus@x.co');
    await contact('No Mail', null);
    await templates.suppress('GUS@x.co', 'bounce');
    const template = (
      await book.owner.client
        .post('/api/crm/templates')
        .send({
          kind: 'email',
          name: 'Market update',
          subject: 'Hi {{first_name}}',
          body: 'Dear {{name}},\nPrices rose.',
        })
        .expect(201)
    ).body;
    const report = await templates.send(book.owner.user, template.id, { tag: 'newsletter' });
    expect(report).toEqual({ sent: 1, suppressed: 1, skipped: 1 });
    const mail = async (to: string) => {
      for (let i = 0; i < 100; i++) {
        const [row] = await t.db.query(`SELECT * FROM mails WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`, [to]);
        if (row) return row;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to}`);
    };
    const sent = await mail('eve@x.co');
    expect(sent.subject).toBe('Hi <b>Eve</b>');
    expect(sent.html).toContain('Dear &lt;b&gt;Eve&lt;/b&gt; Stone,<br>Prices rose.');
    expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /<(http[^>]+)>/.exec(sent.headers['List-Unsubscribe'])![1];
    const path = new URL(url).pathname;
    const token = path.split('/').pop()!;
    // A GET (a link scanner) changes nothing; the one-click POST (no session, no token) suppresses the address.
    const guest = await t.client();
    await guest.visit(`/unsubscribe/${token}`);
    expect(await t.db.query(`SELECT 1 FROM crm_suppressions WHERE email = 'eve@x.co'`)).toHaveLength(0);
    await guest.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await t.db.query(`SELECT reason FROM crm_suppressions WHERE email = 'eve@x.co'`)).toEqual([
      { reason: 'unsubscribe' },
    ]);
    expect(await templates.send(book.owner.user, template.id, { tag: 'newsletter' })).toEqual({
      sent: 0,
      suppressed: 2,
      skipped: 1,
    });
    const preview = await book.owner.client
      .post('/api/crm/templates/preview')
      .send({ subject: 'For {{first_name}}', body: '{{agent_name}} <i>' })
      .expect(200);
    expect(preview.body).toMatchObject({ subject: 'For Alex', html: `<p>${book.owner.user.name} &lt;i&gt;</p>` });
  });

  it('reports the funnel by source, speed to lead per agent and conversion by campaign', async () => {
    const res = await book.owner.client.visit('/leads/analytics?days=30');
    const props = res.body.props;
    expect(props.scope).toBe('book');
    const sources = Object.fromEntries(
      props.funnel.map((f: { source: string; received: number }) => [f.source, f.received]),
    );
    // Credits: one code redeemed on the main campaign, one on the "Expiring codes" campaign.
    expect(sources).toMatchObject({ campaign: 2, qr: 2, credits: 2 });
    expect(props.campaigns.find((c: { id: string }) => c.id === campaign.id)).toMatchObject({ leads: 5, closed: 0 });
    expect((await book.owner.client.get('/leads/analytics?days=5').set('Accept', 'application/json')).status).toBe(422);
  });

  it('seeds the demo farm, codes and templates once', async () => {
    const realtor = await t.createUser({ type: 'realtor', email: 'realtor@reelty.test' });
    await t.app
      .get(TeamsService)
      .create(realtor, { name: 'Lone Star Realty', handle: 'lonestar', type: 'team' } as never);
    const logger = new Logger('SeedTest');
    await seedDemoCrmMarketing(t.app, logger);
    await seedDemoCrmMarketing(t.app, logger);
    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM crm_campaigns WHERE slug = 'austindemo1') AS campaigns,
              (SELECT count(*)::int FROM crm_leads l JOIN crm_campaigns c ON c.id = l.campaign_id WHERE c.slug = 'austindemo1') AS leads,
              (SELECT count(*)::int FROM crm_templates t JOIN crm_campaigns c ON c.team_id = t.team_id WHERE c.slug = 'austindemo1') AS templates`,
    );
    expect(row).toEqual({ campaigns: 1, leads: 3, templates: 3 });
    expect((await publicSide.qrPage('DEM0-QR00-0002', ip())).state).toBe('valid');
  });
});
