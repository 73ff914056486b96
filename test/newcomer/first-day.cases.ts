import { ADMIN_SECTIONS } from '../../src/modules/admin/admin-dashboard.controller';
import { EmailVerificationService } from '../../src/modules/auth/services/email-verification.service';
import { CreditsService } from '../../src/modules/credits/credits.service';
import { welcomeCreditsFromEnv } from '../../src/config/credits.config';
import { WelcomeCredits } from '../../src/modules/credits/welcome-credits';
import { OfflineGeocoder } from '../../src/modules/market/geocoding/offline-geocoder';
import { bootTestApp, type TestApp } from '../support/app';

/** What a new user meets on a first day: each rule here failed before the newcomer fixes. */
describe('a newcomer’s first day (server)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const balance = (userId: string) => t.app.get(CreditsService).balance(userId);
  async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
    const until = Date.now() + ms;
    let value = await read();
    while (!ok(value) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    return value;
  }

  describe('welcome credits', () => {
    it('grants 10 credits when the email address is verified, once', async () => {
      const { client, user } = await t.signedIn({ emailVerifiedAt: null });
      expect(await balance(user.id)).toBe(0);
      const link = new URL(t.app.get(EmailVerificationService).verificationUrl(user));
      const res = await client.get(`${link.pathname}${link.search}`).set('Accept', 'text/html');
      expect([302, 303]).toContain(res.status);
      expect(
        await eventually(
          () => balance(user.id),
          (b) => b === 10,
        ),
      ).toBe(10);
      const ledger = (await t.db.query(`SELECT kind, amount, reason FROM credit_transactions WHERE user_id = $1`, [
        user.id,
      ])) as Array<{ kind: string; amount: number; reason: string }>;
      expect(ledger).toEqual([{ kind: 'grant', amount: 10, reason: 'Welcome credits' }]);

      // The link again, and the event delivered twice: nothing more.
      await client.get(`${link.pathname}${link.search}`).set('Accept', 'text/html');
      expect(await t.app.get(WelcomeCredits).grantOnce(user.id)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await balance(user.id)).toBe(10);
    });

    it('reads WELCOME_CREDITS (0 turns it off) and refuses nonsense at start', () => {
      expect(welcomeCreditsFromEnv({})).toBe(10);
      expect(welcomeCreditsFromEnv({ WELCOME_CREDITS: '25' })).toBe(25);
      expect(welcomeCreditsFromEnv({ WELCOME_CREDITS: '0' })).toBe(0);
      expect(() => welcomeCreditsFromEnv({ WELCOME_CREDITS: 'lots' })).toThrow(/WELCOME_CREDITS/);
      expect(() => welcomeCreditsFromEnv({ WELCOME_CREDITS: '-3' })).toThrow(/WELCOME_CREDITS/);
    });
  });

  describe('follows', () => {
    it('follow, unfollow, follow tells the realtor once', async () => {
      const realtor = await t.createUser();
      const { client } = await t.signedIn();
      expect((await client.post(`/api/follows/${realtor.id}`)).status).toBe(200);
      expect((await client.delete(`/api/follows/${realtor.id}`)).status).toBe(200);
      expect((await client.post(`/api/follows/${realtor.id}`)).status).toBe(200);
      const notices = (await t.db.query(
        `SELECT title FROM notifications WHERE user_id = $1 AND kind = 'new_follower'`,
        [realtor.id],
      )) as unknown[];
      expect(notices).toHaveLength(1);
      const followers = await client.get(`/api/followers?user_id=${realtor.id}`);
      expect(followers.body.total).toBe(1);
    });
  });

  describe('chats from a profile', () => {
    it('/chats?user=<id> opens the existing chat, or offers to start one without creating it', async () => {
      const other = await t.createUser({ name: 'Pat Seller' });
      const { client } = await t.signedIn();
      const fresh = await client.visit(`/chats?user=${other.id}`);
      expect(fresh.status).toBe(200);
      expect(fresh.body.props.startWith).toEqual({ id: other.id, name: 'Pat Seller' });
      expect(fresh.body.props.openChatId).toBeNull();
      expect(await t.db.query(`SELECT id FROM chats WHERE created_by_user_id = $1`, [other.id])).toHaveLength(0);

      const started = await client.post('/api/chats').send({ user_id: other.id, message: 'Hello' });
      expect(started.status).toBeLessThan(300);
      const again = await client.visit(`/chats?user=${other.id}`);
      expect(again.body.props.openChatId).toBe(started.body.chat.id);
      expect(again.body.props.startWith).toBeNull();

      // Oneself, a stranger id, garbage: the plain chats page.
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await client.visit(`/chats?user=${id}`);
        expect(res.status).toBe(200);
        expect(res.body.props.startWith).toBeNull();
      }
    });
  });

  describe('geocoding', () => {
    it('a street address resolves to its town in the market search and the geocoder, saying so', async () => {
      const places = await new OfflineGeocoder().search('1200 Congress Ave, Austin, TX', 1);
      expect(places[0]).toMatchObject({ label: 'Austin, TX, United States', precision: 'place' });
      expect(places[0].note).toMatch(/Street addresses are not looked up offline/);

      const { client } = await t.signedIn();
      const search = await client.get('/api/market/search?q=1200%20Congress%20Ave%2C%20Austin');
      expect(search.status).toBe(200);
      expect(search.body.center.label).toMatch(/^Austin/);
      expect(search.body.center.note).toMatch(/1200 Congress Ave/);
      const geocode = await client.get('/api/market/geocode?q=1200%20Congress%20Ave%2C%20Austin');
      expect(geocode.body.results[0].note).toMatch(/1200 Congress Ave/);

      const city = await client.get('/api/market/search?q=Austin%2C%20TX');
      expect(city.body.center.note ?? null).toBeNull();
      const unknown = await client.get('/api/market/search?q=1200%20Congress%20Ave');
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.q[0]).toMatch(/cities and towns/);
    });
  });

  describe('offline basemap', () => {
    it('names the largest places in a box, across the 180° meridian too, and validates the box', async () => {
      const { client } = await t.signedIn();
      const texas = await client.get('/api/market/basemap?south=29&west=-99&north=31&east=-96&limit=5');
      expect(texas.status).toBe(200);
      expect(texas.body.places.map((p: { name: string }) => p.name)).toContain('Austin');
      expect(texas.body.places.length).toBeLessThanOrEqual(5);
      const fiji = await client.get('/api/market/basemap?south=-20&west=170&north=-15&east=-170');
      expect(fiji.body.places.map((p: { name: string }) => p.name)).toContain('Suva');
      expect((await client.get('/api/market/basemap?south=abc&west=0&north=1&east=1')).status).toBe(422);
    });
  });

  describe('admin console', () => {
    it('/admin lists every admin screen, each opens for an admin and none for a user', async () => {
      const admin = await t.signedIn({ role: 'admin' });
      const page = await admin.client.visit('/admin');
      expect(page.status).toBe(200);
      expect(page.body.component).toBe('Admin/Dashboard');
      const hrefs: string[] = page.body.props.sections.map((s: { href: string }) => s.href);
      expect(hrefs).toEqual(ADMIN_SECTIONS.map((s) => s.href));
      // The screens a newcomer admin looks for first are on the front door.
      expect(hrefs).toEqual(
        expect.arrayContaining(['/admin/users', '/admin/metrics', '/admin/audit', '/admin/credits']),
      );
      const user = await t.signedIn();
      expect((await user.client.visit('/admin')).status).toBe(403);
      for (const href of hrefs) {
        const screen = await admin.client.visit(href);
        expect({ href, status: screen.status }).toEqual({ href, status: 200 });
        expect({ href, status: (await user.client.visit(href)).status }).toEqual({ href, status: 403 });
      }
    });
  });

  describe('walkthroughs', () => {
    it('the walkthrough pages offer the realtor’s listings to link', async () => {
      const { client, user } = await t.signedIn();
      const created = await client.post('/api/properties').send({ name: 'Lake House' });
      expect(created.status).toBe(201);
      const page = await client.visit('/walkthroughs');
      expect(page.body.props.listings).toEqual([{ id: created.body.property.listing.id, name: 'Lake House' }]);
      const someoneElse = await t.signedIn();
      expect((await someoneElse.client.visit('/walkthroughs')).body.props.listings).toEqual([]);
      expect(user.id).toBeDefined();
    });
  });
});
