import { Clock, DAY_MS } from '../../src/common/clock';
import { ONE_PAGE_PDF } from '../support/files';
import { TimersService } from '../../src/modules/jobs';
import { TIMERS } from '../../src/modules/sweepstakes/sweepstakes.constants';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectPage } from '../support/authorization';
import { ENTRY, futureStart, rulesInput, verifyPublished, waitFor } from './helpers';

const PDF = ONE_PAGE_PDF;
const ADDRESS = {
  full_name: 'Win Ner',
  line1: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postal_code: '62701',
  country: 'us',
  affidavit: true,
};

describe('sweepstakes over HTTP', () => {
  let t: TestApp;
  let clock: Clock;
  let admin: TestClient;
  const start = futureStart();

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    admin = (await t.signedIn({ role: 'admin' })).client;
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  async function create(overrides = {}) {
    const res = await admin
      .post('/api/admin/sweepstakes')
      .send({ title: 'HTTP giveaway', rules: rulesInput(start, overrides) });
    expect(res.status).toBe(201);
    return res.body.sweepstakes.id as string;
  }

  it('answers bad create input with 422 field errors', async () => {
    const bad = await admin.post('/api/admin/sweepstakes').send({
      title: '',
      rules: { ...rulesInput(start), regions: ['usa!'], timezone: 'Mars/Base', prizes: [] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['title']));
    const inverted = await admin.post('/api/admin/sweepstakes').send({
      title: 'Backwards',
      rules: rulesInput(start, { ends_at: new Date(start.getTime() - DAY_MS).toISOString() }),
    });
    expect(inverted.status).toBe(422);
    expect(inverted.body.errors['rules.ends_at']).toEqual(['The end must be after the start.']);
    expect((await admin.get('/api/admin/sweepstakes?page=0')).status).toBe(422);
    expect((await admin.get('/api/admin/sweepstakes?state=nope')).status).toBe(422);
    expect((await admin.get('/api/admin/sweepstakes/not-a-uuid')).status).toBe(404);
  });

  it('runs the whole life: open, enter, refuse bad entries, close, one draw of many parallel requests, claim', async () => {
    const id = await create({
      prizes: [{ name: 'Getaway', description: '', retail_value_minor: 150_000 }],
      alternates: 2,
    });
    const guest = await t.client();
    expect((await guest.get(`/api/sweepstakes/${id}`)).status).toBe(404); // drafts are private

    // Entering before opening.
    const early = await t.signedIn();
    expect((await early.client.post(`/api/sweepstakes/${id}/entries`).send(ENTRY)).status).toBe(404);
    clock.set(new Date(start.getTime() + 60_000));
    expect((await admin.post(`/api/admin/sweepstakes/${id}/open`)).status).toBe(200);
    expect(
      (await admin.put(`/api/admin/sweepstakes/${id}`).send({ title: 'x', rules: rulesInput(start) })).status,
    ).toBe(409);

    const entrants = await Promise.all([0, 1, 2, 3].map(() => t.signedIn()));
    for (const [i, e] of entrants.entries()) {
      const res = await e.client.post(`/api/sweepstakes/${id}/entries`).set('User-Agent', `browser-${i}`).send(ENTRY);
      expect(res.status).toBe(201);
    }
    const again = await entrants[0].client.post(`/api/sweepstakes/${id}/entries`).send(ENTRY);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already entered this sweepstakes.');
    const young = await early.client
      .post(`/api/sweepstakes/${id}/entries`)
      .send({ ...ENTRY, birth_date: '2015-01-01' });
    expect(young.status).toBe(422);
    expect(young.body.errors.birth_date).toEqual(['You must be at least 18 to enter.']);
    const abroad = await early.client.post(`/api/sweepstakes/${id}/entries`).send({ ...ENTRY, region: 'FR' });
    expect(abroad.body.errors.region).toEqual(['This sweepstakes is not open to residents of FR.']);
    const noRules = await early.client.post(`/api/sweepstakes/${id}/entries`).send({ ...ENTRY, accept_rules: false });
    expect(noRules.status).toBe(422);
    const unverified = await t.signedIn({ emailVerifiedAt: null });
    expect((await unverified.client.post(`/api/sweepstakes/${id}/entries`).send(ENTRY)).status).toBe(403);

    // Close: the list is frozen and published; entering a closed sweepstakes is a clear 409.
    expect((await admin.post(`/api/admin/sweepstakes/${id}/close`)).status).toBe(200);
    const late = await early.client.post(`/api/sweepstakes/${id}/entries`).send(ENTRY);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This sweepstakes has closed.');
    const list = await guest.get(`/api/sweepstakes/${id}/entrants.txt`);
    expect(list.status).toBe(200);
    expect(list.text.split('\n').filter(Boolean)).toHaveLength(4);

    // Many admins clicking "Draw" at once: exactly one starts it.
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => admin.post(`/api/admin/sweepstakes/${id}/draw`).send({ beacon: 'round-42' })),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    const drawn = await waitFor(async () => {
      const res = await guest.get(`/api/sweepstakes/${id}`);
      return res.body.sweepstakes.state === 'drawn' && res.body.sweepstakes;
    });
    expect((await admin.post(`/api/admin/sweepstakes/${id}/draw`).send({})).status).toBe(409);
    const report = verifyPublished(list.text, drawn.draw);
    expect(report.hashMatches && report.commitmentMatches).toBe(true);
    expect(report.picks.map((p) => p.ref)).toEqual(drawn.draw.picks.map((p: { ref: string }) => p.ref));
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM sweepstakes_winners WHERE sweepstakes_id = $1`, [id]);
    expect(rows[0].n).toBe(3);

    const detail = (await admin.get(`/api/admin/sweepstakes/${id}`)).body.sweepstakes;
    const winnerRow = detail.admin_winners.find((w: { status: string }) => w.status === 'notified');
    const winner = entrants.find((e) => e.user.id === winnerRow.user.id)!;
    const other = entrants.find((e) => e.user.id !== winnerRow.user.id)!;

    // Someone else's prize: 403. The winner: tax form first (prize over the threshold), then the claim.
    expect((await other.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS)).status).toBe(403);
    const noForm = await winner.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS);
    expect(noForm.status).toBe(422);
    expect(noForm.body.errors.tax_form).toBeDefined();
    const notPdf = await winner.client
      .post(`/api/sweepstakes/${id}/claim/tax-form`)
      .attach('file', Buffer.from('just some text, not a form'), 'form.pdf');
    expect(notPdf.status).toBe(422);
    const form = await winner.client.post(`/api/sweepstakes/${id}/claim/tax-form`).attach('file', PDF, 'w9.pdf');
    expect(form.status).toBe(200);
    const taxUrl = form.body.claim.winner.tax_form_url;
    expect((await winner.client.get(taxUrl)).status).toBe(200);
    expect((await other.client.get(taxUrl)).status).toBe(403);
    expect((await admin.get(taxUrl)).status).toBe(200);
    const claimed = await winner.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS);
    expect(claimed.status).toBe(200);
    expect(claimed.body.claim.winner.status).toBe('claimed');
    expect((await winner.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS)).status).toBe(409);

    const fulfil = await admin
      .post(`/api/admin/sweepstakes/${id}/winners/${winnerRow.id}/fulfil`)
      .send({ tracking: '1Z999' });
    expect(fulfil.status).toBe(200);
    const csv = await admin.get(`/api/admin/sweepstakes/${id}/winners.csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\n')[0]).toBe(
      'rank,status,prize,name,email,entrant_ref,disqualify_reason,notified_at,claim_deadline,claimed_at,fulfilled_at,tracking',
    );
    expect(csv.text).toContain(`fulfilled,Getaway,${winner.user.name},${winner.user.email}`);
    const pub = (await guest.get(`/api/sweepstakes/${id}`)).body.sweepstakes;
    expect(pub.winners).toEqual([
      {
        rank: winnerRow.rank,
        display_name: expect.stringMatching(/^Test \S\.$/),
        prize: 'Getaway',
        status: 'fulfilled',
      },
    ]);
    expect(JSON.stringify(pub)).not.toContain(winner.user.email);
  });

  it('answers claims after the deadline with 409, and the deadline timer hands the prize on', async () => {
    const id = await create({ prizes: [{ name: 'Mug', description: '', retail_value_minor: 1000 }], alternates: 1 });
    clock.set(new Date(start.getTime() + 60_000));
    await admin.post(`/api/admin/sweepstakes/${id}/open`);
    const entrants = await Promise.all([0, 1].map(() => t.signedIn()));
    for (const [i, e] of entrants.entries()) {
      await e.client.post(`/api/sweepstakes/${id}/entries`).set('User-Agent', `b-${i}`).send(ENTRY);
    }
    await admin.post(`/api/admin/sweepstakes/${id}/close`);
    await admin.post(`/api/admin/sweepstakes/${id}/draw`).send({});
    const detail = await waitFor(async () => {
      const res = await admin.get(`/api/admin/sweepstakes/${id}`);
      return res.body.sweepstakes.state === 'drawn' && res.body.sweepstakes;
    });
    const [first, second] = detail.admin_winners;
    const winner = entrants.find((e) => e.user.id === first.user.id)!;
    clock.advance(7 * DAY_MS + 1000);
    const late = await winner.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/deadline has passed/);
    await t.app.get(TimersService).fire(TIMERS.claimDeadline, { winnerId: first.id });
    const after = (await admin.get(`/api/admin/sweepstakes/${id}`)).body.sweepstakes.admin_winners;
    expect(after.map((w: { status: string }) => w.status)).toEqual(['forfeited', 'notified']);
    const alternate = entrants.find((e) => e.user.id === second.user.id)!;
    expectPage(await alternate.client.visit(`/sweepstakes/${id}/claim`), 'Sweepstakes/ClaimPrize');
    const ok = await alternate.client.post(`/api/sweepstakes/${id}/claim`).send(ADDRESS);
    expect(ok.status).toBe(200);
  });
});
