import { SweepstakesDrawService } from '../../src/modules/sweepstakes/sweepstakes-draw.service';
import { SweepstakesService } from '../../src/modules/sweepstakes/sweepstakes.service';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';
import { ENTRY, fixture, Fixture, openSweepstakes, rulesInput } from './helpers';

type Caller = 'guest' | 'verified' | 'unverified' | 'winner' | 'another' | 'admin';

const ADDRESS = {
  full_name: 'A B',
  line1: '1 Main',
  city: 'X',
  region: 'Y',
  postal_code: '1',
  country: 'US',
  affidavit: true,
};

/** Every sweepstakes route and channel with what each kind of caller gets. */
describe('sweepstakes authorization', () => {
  let t: TestApp;
  let f: Fixture;
  let clients: Record<Caller, TestClient>;
  let drawnId: string;
  let draftId: string;
  let openId: string;
  let closedId: string;
  let winnerRowId: string;
  let standbyRowId: string;

  const fresh = async (state: 'draft' | 'open' | 'closed'): Promise<string> => {
    if (state === 'draft') {
      return (await f.adminService.create(f.admin, { title: 'Fresh', summary: '', rules: rulesInput(f.start) })).id;
    }
    const s = await openSweepstakes(f);
    if (state === 'closed') {
      const someone = await t.createUser();
      await f.entries.enter(someone, s.id, ENTRY, { ip: null, userAgent: undefined });
      await f.adminService.close(s.id, f.admin);
    }
    return s.id;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await fixture(t);
    const signed = await Promise.all([t.signedIn(), t.signedIn(), t.signedIn(), t.signedIn({ role: 'admin' })]);
    const unverified = await t.signedIn({ emailVerifiedAt: null });
    // Three entrants; whoever the draw makes the winner plays "winner", another entrant plays "another".
    const s = await openSweepstakes(f, {
      prizes: [{ name: 'Mug', description: '', retail_value_minor: 1000 }],
      alternates: 2,
    });
    for (const [i, e] of signed.slice(0, 3).entries()) {
      await f.entries.enter(e.user, s.id, ENTRY, { ip: `10.1.1.${i}`, userAgent: `ua-${i}` });
    }
    await f.adminService.close(s.id, f.admin);
    await t.app.get(SweepstakesDrawService).start(f.admin, s.id, {});
    await t.app.get(SweepstakesDrawService).run(s.id);
    drawnId = s.id;
    const detail = await t.app.get(SweepstakesService).adminDetail(s.id);
    const winnerRow = detail.admin_winners.find((w) => w.status === 'notified')!;
    winnerRowId = winnerRow.id;
    standbyRowId = detail.admin_winners.find((w) => w.status === 'standby')!.id;
    const winner = signed.find((e) => e.user.id === winnerRow.user.id)!;
    const others = signed.slice(0, 3).filter((e) => e !== winner);
    clients = {
      guest: await t.client(),
      verified: others[0].client,
      unverified: unverified.client,
      winner: winner.client,
      another: others[1].client,
      admin: signed[3].client,
    };
    draftId = await fresh('draft');
    openId = await fresh('open');
    closedId = await fresh('closed');
  });
  afterAll(() => t.close());

  const users = (status: number) => ({ verified: status, unverified: status, winner: status, another: status });
  const adminOnly = (ok: number) => ({ guest: 401, ...users(403), admin: ok });
  const adminPage = { guest: 302, ...users(403), admin: 200 };
  const everyone = (status: number) => ({ guest: status, ...users(status), admin: status });

  it('public and entrant routes', async () => {
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/api/sweepstakes', expect: everyone(200) },
      { method: 'GET', path: () => `/api/sweepstakes/${drawnId}`, expect: everyone(200) },
      { method: 'GET', path: () => `/api/sweepstakes/${draftId}`, expect: everyone(404) },
      { method: 'GET', path: () => `/api/sweepstakes/${drawnId}/entrants.txt`, expect: everyone(200) },
      { method: 'GET', path: () => `/api/sweepstakes/${openId}/entrants.txt`, expect: everyone(404) },
      { method: 'GET', path: () => `/api/sweepstakes/${openId}/me`, expect: { guest: 401, ...users(200), admin: 200 } },
      {
        method: 'POST',
        path: async () => `/api/sweepstakes/${await fresh('open')}/entries`,
        body: ENTRY,
        expect: { guest: 401, verified: 201, unverified: 403, winner: 201, another: 201, admin: 201 },
      },
      {
        method: 'GET',
        path: () => `/api/sweepstakes/${drawnId}/claim`,
        expect: { guest: 401, verified: 403, unverified: 403, winner: 200, another: 403, admin: 403 },
      },
      {
        method: 'POST',
        path: () => `/api/sweepstakes/${drawnId}/claim/tax-form`,
        expect: { guest: 401, verified: 403, unverified: 403, winner: 422, another: 403, admin: 403 },
      },
      // A claim with an empty form is the winner's 422 only: nobody else learns the form's rules (403 first).
      {
        method: 'POST',
        name: 'POST /api/sweepstakes/:id/claim, empty form',
        path: () => `/api/sweepstakes/${drawnId}/claim`,
        body: {},
        expect: { guest: 401, verified: 403, unverified: 403, winner: 422, another: 403, admin: 403 },
      },
      {
        method: 'POST',
        path: () => `/api/sweepstakes/${drawnId}/claim`,
        body: ADDRESS,
        expect: { guest: 401, verified: 403, unverified: 403, winner: 200, another: 403, admin: 403 },
      },
      { method: 'GET', path: '/sweepstakes', inertia: true, expect: everyone(200) },
      { method: 'GET', path: () => `/sweepstakes/${drawnId}`, inertia: true, expect: everyone(200) },
      { method: 'GET', path: () => `/sweepstakes/${drawnId}/verify`, inertia: true, expect: everyone(200) },
      {
        method: 'GET',
        path: () => `/sweepstakes/${drawnId}/claim`,
        inertia: true,
        expect: { guest: 302, verified: 403, unverified: 403, winner: 200, another: 403, admin: 403 },
      },
    ]);
  });

  it('admin routes, pages and the private admin channel', async () => {
    const input = { title: 'By table', rules: rulesInput(f.start) };
    await expectAuthorizationTable<Caller>(clients, [
      { method: 'GET', path: '/api/admin/sweepstakes', expect: adminOnly(200) },
      { method: 'POST', path: '/api/admin/sweepstakes', body: input, expect: adminOnly(201) },
      { method: 'GET', path: () => `/api/admin/sweepstakes/${drawnId}`, expect: adminOnly(200) },
      { method: 'PUT', path: () => `/api/admin/sweepstakes/${draftId}`, body: input, expect: adminOnly(200) },
      {
        method: 'POST',
        path: async () => `/api/admin/sweepstakes/${await fresh('draft')}/schedule`,
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: async () => `/api/admin/sweepstakes/${await fresh('draft')}/open`,
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: async () => `/api/admin/sweepstakes/${await fresh('open')}/close`,
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: async () => `/api/admin/sweepstakes/${await fresh('draft')}/void`,
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: () => `/api/admin/sweepstakes/${draftId}/registration`,
        body: { registered_on: '2026-10-01', reference: 'R-1' },
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: () => `/api/admin/sweepstakes/${openId}/amendments`,
        body: { summary: 'Clarified odds', odds_statement: 'Odds depend on entries received.' },
        expect: adminOnly(201),
      },
      { method: 'GET', path: () => `/api/admin/sweepstakes/${drawnId}/entries`, expect: adminOnly(200) },
      { method: 'POST', path: () => `/api/admin/sweepstakes/${closedId}/draw`, body: {}, expect: adminOnly(202) },
      { method: 'GET', path: () => `/api/admin/sweepstakes/${drawnId}/winners.csv`, expect: adminOnly(200) },
      {
        method: 'POST',
        path: () => `/api/admin/sweepstakes/${drawnId}/winners/${standbyRowId}/disqualify`,
        body: { reason_code: 'INELIGIBLE' },
        expect: adminOnly(200),
      },
      {
        method: 'POST',
        path: () => `/api/admin/sweepstakes/${drawnId}/winners/${winnerRowId}/fulfil`,
        body: { tracking: 'TRACK-1' },
        expect: adminOnly(200),
      },
      { method: 'GET', path: '/admin/sweepstakes', inertia: true, expect: adminPage },
      { method: 'GET', path: '/admin/sweepstakes/create', inertia: true, expect: adminPage },
      { method: 'GET', path: () => `/admin/sweepstakes/${drawnId}`, inertia: true, expect: adminPage },
      { method: 'GET', path: () => `/admin/sweepstakes/${draftId}/edit`, inertia: true, expect: adminPage },
      { method: 'GET', path: () => `/admin/sweepstakes/${drawnId}/draw`, inertia: true, expect: adminPage },
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: () => ({ socket_id: '1.2', channel_name: `private-admin.sweepstakes.${drawnId}` }),
        expect: { guest: 403, ...users(403), admin: 200 },
      },
    ]);
  });
});
