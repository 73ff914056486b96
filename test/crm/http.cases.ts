import { deriveSecret } from '../../src/config/app-key';
import { bookSecret, signIntake } from '../../src/modules/crm/leads/intake-signature';
import type Redis from 'ioredis';
import type { Server } from 'node:http';
import request from 'supertest';
import { REDIS, REDIS_KEY_PREFIX } from '../../src/infra/tokens';
import { INTAKE_PER_BOOK_PER_MINUTE } from '../../src/modules/crm/crm.constants';
import { RateLimiterService } from '../../src/modules/security';
import { bootTestApp, TestApp } from '../support/app';
import { QueryCounter } from '../support/query-counter';
import { Book, makeBook } from './support';

jest.setTimeout(120_000);

/** The CRM over HTTP: the signed intake endpoint and CSV import/export. */
describe('crm: signed intake and CSV over HTTP', () => {
  let t: TestApp;
  let book: Book;

  const counter = new QueryCounter();

  beforeAll(async () => {
    t = await bootTestApp();
    counter.install(t.app.getHttpServer() as Server);
    book = await makeBook(t);
  });
  afterAll(async () => {
    counter.uninstall();
    await t.close();
  });

  const count = async (table: string) =>
    Number((await t.db.query(`SELECT count(*) FROM ${table} WHERE team_id = $1`, [book.teamId]))[0].count);

  describe('signed intake', () => {
    const secret = () => bookSecret(deriveSecret(t.config.appKey, 'crm-intake'), book.teamId);
    const post = async (body: object, at = Math.floor(Date.now() / 1000), key = secret(), countAs = '') => {
      const raw = JSON.stringify(body);
      const c = await t.client();
      return c
        .post(`/webhooks/crm/${book.teamId}`)
        .set('Content-Type', 'application/json')
        .set('X-Reelty-Signature', signIntake(key, at, raw))
        .set('X-Query-Count-Id', countAs)
        .send(raw);
    };

    it('a lead costs the same few statements whether the person is new or known, routed by a round-robin rule', async () => {
      const agents = (await makeBook(t, 2)).agents.map((a) => a.user.id);
      for (const id of agents) {
        await t.db.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'agent')`, [
          book.teamId,
          id,
        ]);
      }
      await t.db.query(
        `INSERT INTO crm_routing_rules (team_id, position, name, zips, target, agent_ids)
         VALUES ($1, 1, 'Counted', '{}', 'round_robin', $2)`,
        [book.teamId, agents],
      );
      const sent = async (id: string, body: object) => {
        expect((await post(body, undefined, undefined, id)).status).toBe(200);
        // The test client's session cookie costs its own read; an outside source sends none.
        const texts = counter
          .statementsOf(id)
          .map((s) => s.text.trim())
          .filter((text) => !/\bsessions\b/.test(text));
        return texts.map((text) => text.split(/\s/)[0].toUpperCase());
      };
      const fresh = await sent('lead-new', { external_id: 'qc-1', name: 'Counted', email: 'counted@x.co' });
      const known = await sent('lead-known', { external_id: 'qc-2', name: 'Counted', email: ' COUNTED@x.co ' });
      // Before the transaction: the agents routing may name, the book's owner, which of those agents are members.
      // In it: the identity locks, one read (earlier lead, matches, locked rules, paused agents, settings) and one
      // write (contact, lead, timeline entry, cursor).
      expect(fresh).toEqual(['SELECT', 'SELECT', 'SELECT', 'START', 'SELECT', 'SELECT', 'WITH', 'COMMIT']);
      expect(known).toEqual(fresh);
      const leads = await t.db.query(
        `SELECT agent_id FROM crm_leads WHERE team_id = $1 AND source_ref IN ('ext:qc-1', 'ext:qc-2') ORDER BY created_at`,
        [book.teamId],
      );
      // Round robin names the first agent; the known person's next lead stays with their agent.
      expect(leads.map((l: { agent_id: string }) => l.agent_id)).toEqual([agents[0], agents[0]]);
      await t.db.query(`DELETE FROM crm_routing_rules WHERE team_id = $1`, [book.teamId]);
    });

    it('accepts a signed lead once; a replay inside the window is the same lead', async () => {
      const body = { external_id: 'site-1', name: 'Web Ann', email: 'WEB@x.co', phone: '415-555-0111' };
      const first = await post(body);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ created_contact: true, created_lead: true });
      const replay = await post(body);
      expect(replay.body).toMatchObject({ lead_id: first.body.lead_id, created_lead: false });
      const again = await post({ ...body, external_id: 'site-2', email: 'web@x.co' });
      expect(again.body).toMatchObject({
        contact_id: first.body.contact_id,
        created_contact: false,
        created_lead: true,
      });
    });

    it('a source posting without cookies gets no session (no row, no cookie)', async () => {
      const sessions = async () => Number((await t.db.query(`SELECT count(*) FROM sessions`))[0].count);
      const before = await sessions();
      const raw = JSON.stringify({ external_id: 'no-session', name: 'Machine', email: 'machine@x.co' });
      const res = await request(t.app.getHttpServer() as Server)
        .post(`/webhooks/crm/${book.teamId}`)
        .set('Content-Type', 'application/json')
        .set('X-Reelty-Signature', signIntake(secret(), Math.floor(Date.now() / 1000), raw))
        .send(raw);
      expect([res.status, res.headers['set-cookie']]).toEqual([200, undefined]);
      expect(await sessions()).toBe(before);
    });

    const postBatch = async (leads: object[], key = secret()) => {
      const raw = JSON.stringify({ leads });
      return (await t.client())
        .post(`/webhooks/crm/batch/${book.teamId}`)
        .set('Content-Type', 'application/json')
        .set('X-Reelty-Signature', signIntake(key, Math.floor(Date.now() / 1000), raw))
        .send(raw);
    };

    it('a signed batch takes each lead by the same rules, in order, answering one item per lead', async () => {
      const ann = { external_id: 'b-1', name: 'Batch Ann', email: 'batch.ann@x.co' };
      const before = await count('crm_contacts');
      const res = await postBatch([
        ann,
        { external_id: 'b-2', name: 'Batch Ann', email: ' BATCH.ANN@X.CO ', phone: '415-555-0177' },
        { external_id: 'b-3', name: 'Bad', email: 'not-an-email' },
        ann,
        { external_id: 'b-4', name: 'Batch Bo', phone: '+1 415 555 0178' },
      ]);
      expect(res.status).toBe(200);
      const items = res.body.results as Array<{ external_id: string; status: number; result: Record<string, unknown> }>;
      expect(items.map((i) => [i.external_id, i.status])).toEqual([
        ['b-1', 200],
        ['b-2', 200],
        ['b-3', 422],
        ['b-1', 200],
        ['b-4', 200],
      ]);
      expect(items[0].result).toMatchObject({ created_contact: true, created_lead: true });
      expect(items[1].result).toMatchObject({ contact_id: items[0].result.contact_id, created_contact: false });
      expect(res.body.results[2]).toMatchObject({ result: null, errors: { email: [expect.any(String)] } });
      expect(items[3].result).toMatchObject({ lead_id: items[0].result.lead_id, created_lead: false });
      expect(items[4].result).toMatchObject({ created_contact: true, created_lead: true });
      expect(await count('crm_contacts')).toBe(before + 2);
      const [ann2] = await t.db.query(`SELECT phone FROM crm_contacts WHERE id = $1`, [items[0].result.contact_id]);
      expect(ann2.phone).toBe('+14155550177');
    });

    it('a batch is signed as a whole, holds 1 to 100 leads and every lead counts against the book limit', async () => {
      const lead = (i: number) => ({ external_id: `lim-${i}`, name: 'L', email: `lim${i}@x.co` });
      expect((await postBatch([lead(1)], bookSecret('other', book.teamId))).status).toBe(401);
      const tooMany = await postBatch(Array.from({ length: 101 }, (_, i) => lead(i)));
      expect([tooMany.status, Object.keys(tooMany.body.errors)]).toEqual([422, ['leads']]);
      expect((await postBatch([])).status).toBe(422);
      const nested = await postBatch([{ external_id: 'n-1', email: 'n@x.co' }]);
      expect([nested.status, Object.keys(nested.body.errors)]).toEqual([422, ['leads.0.name']]);
      // The per-book limit: leads past it answer 429 in their own items, the earlier ones land.
      await t.app.get(RateLimiterService).clear(`crm-intake:${book.teamId}`);
      const redis = t.app.get<Redis>(REDIS);
      const key = `${t.app.get<string>(REDIS_KEY_PREFIX)}:ratelimit:crm-intake:${book.teamId}`;
      await redis.set(key, INTAKE_PER_BOOK_PER_MINUTE - 2, 'EX', 60);
      const limited = await postBatch([lead(1), lead(2), lead(3)]);
      expect(limited.body.results.map((i: { status: number }) => i.status)).toEqual([200, 200, 429]);
      await redis.del(key);
    });

    it('refuses an old timestamp, another book secret and a tampered body; bad fields answer 422', async () => {
      const body = { external_id: 'site-9', name: 'X', email: 'x@x.co' };
      expect((await post(body, Math.floor(Date.now() / 1000) - 600)).status).toBe(401);
      expect((await post(body, undefined, bookSecret('other', book.teamId))).status).toBe(401);
      const c = await t.client();
      const signature = signIntake(secret(), Math.floor(Date.now() / 1000), JSON.stringify(body));
      const tampered = await c
        .post(`/webhooks/crm/${book.teamId}`)
        .set('X-Reelty-Signature', signature)
        .send({ ...body, name: 'Y' });
      expect(tampered.status).toBe(401);
      const bad = await post({ external_id: 'site-10', name: 'X', email: 'not-an-email' });
      expect([bad.status, Object.keys(bad.body.errors ?? {})]).toEqual([422, ['email']]);
    });
  });

  describe('CSV', () => {
    const upload = (bytes: Buffer) =>
      book.owner.client
        .post('/api/crm/contacts/import')
        .set('Accept', 'application/json')
        .attach('file', bytes, 'contacts.csv');

    it('dedupes on email and phone against the book and the file, and reports each line', async () => {
      await upload(Buffer.from('name,email,phone\nKim,kim@k.co,\n')).expect(200);
      const csv = [
        'name,email,phone,tags,stage',
        'Kim Again,KIM@k.co,4155550123,buyer,new',
        'Lou,lou@l.co,,,contacted',
        'Lou Phone,,(415) 555-0123,,new',
        'Bad,not-an-email,,,new',
        'Nobody,,,,new',
        '"Quote, Person",quote@q.co,,"a;b, Seller",appointment',
      ].join('\n');
      const res = await upload(Buffer.from(csv));
      expect(res.status).toBe(200);
      expect([res.body.created, res.body.merged, res.body.skipped]).toEqual([2, 2, 2]);
      expect(res.body.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
        'merged',
        'created',
        'merged',
        'skipped',
        'skipped',
        'created',
      ]);
      const [kim] = await t.db.query(`SELECT phone, tags FROM crm_contacts WHERE email = 'kim@k.co'`);
      expect(kim).toEqual({ phone: '+14155550123', tags: ['buyer'] });
      const [quote] = await t.db.query(`SELECT tags FROM crm_contacts WHERE email = 'quote@q.co'`);
      expect(quote.tags).toEqual(['a', 'b', 'seller']);
    });

    it('a malformed or oversize file answers 422 and imports nothing', async () => {
      const before = await count('crm_contacts');
      const broken = await upload(Buffer.from('name,email\nA,a1@a.co\nB,"b@b.co\n'));
      expect([broken.status, Object.keys(broken.body.errors)]).toEqual([422, ['file']]);
      const noKeys = await upload(Buffer.from('name,city\nA,Paris\n'));
      expect(noKeys.status).toBe(422);
      const big = await upload(Buffer.concat([Buffer.from('name,email\n'), Buffer.alloc(6 * 1024 * 1024, 'a')]));
      expect([big.status, big.body.errors?.file?.[0]]).toEqual([422, 'The file is larger than 5 MB.']);
      expect(await count('crm_contacts')).toBe(before);
    });

    it('exports the book as CSV with formulas neutralised', async () => {
      await t.db.query(
        `INSERT INTO crm_contacts (team_id, name, email, source) VALUES ($1, '=cmd()', 'f@f.co', 'manual')`,
        [book.teamId],
      );
      const res = await book.owner.client.get('/api/crm/contacts/export').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.text.split('\r\n')[0]).toBe('name,email,phone,stage,source,tags,created_at,last_activity_at');
      expect(res.text).toContain("'=cmd(),f@f.co");
      expect(res.text).toContain('kim@k.co');
    });

    it('the contacts list searches by name, email or phone and filters by stage', async () => {
      const get = (q: Record<string, string>) =>
        book.owner.client.get('/api/crm/contacts').query(q).set('Accept', 'application/json');
      expect((await get({ q: 'quote' })).body.data.map((c: { email: string }) => c.email)).toEqual(['quote@q.co']);
      expect((await get({ stage: 'contacted' })).body.data.map((c: { email: string }) => c.email)).toEqual([
        'lou@l.co',
      ]);
      expect((await get({ stage: 'nope' })).status).toBe(422);
    });

    it('counts a big book up to 10,000 ("10,000+") and finds rare and common terms newest first', async () => {
      const big = await makeBook(t);
      await t.db.query(
        `INSERT INTO crm_contacts (team_id, name, email, source, last_activity_at)
         SELECT $1, 'Bulk ' || g, 'bulk' || g || '@b.co', 'import', now() - (g || ' seconds')::interval
           FROM generate_series(1, 10050) g`,
        [big.teamId],
      );
      const get = (q: Record<string, string>) =>
        big.owner.client.get('/api/crm/contacts').query(q).set('Accept', 'application/json');
      const all = (await get({ per_page: '5' })).body;
      expect([all.total, all.total_is_capped, all.data[0].email]).toEqual([10_000, true, 'bulk1@b.co']);
      // A rare term (bulk1004@ and bulk10040@..bulk10049@): every match, sorted among themselves, the exact total.
      const rare = (await get({ q: 'bulk1004', per_page: '5', page: '2' })).body;
      expect([rare.total, rare.total_is_capped, rare.data.map((c: { email: string }) => c.email)]).toEqual([
        11,
        false,
        ['bulk10044@b.co', 'bulk10045@b.co', 'bulk10046@b.co', 'bulk10047@b.co', 'bulk10048@b.co'],
      ]);
      // A common term walks the recency index: newest first, the total capped.
      const common = (await get({ q: 'bulk', per_page: '3' })).body;
      expect([common.total, common.total_is_capped, common.data.map((c: { email: string }) => c.email)]).toEqual([
        10_000,
        true,
        ['bulk1@b.co', 'bulk2@b.co', 'bulk3@b.co'],
      ]);
      // An email being typed is a prefix range (bulk1004@..., not bulk10040@...); a phone too, with or without +1.
      const email = (await get({ q: 'BULK1004@b' })).body;
      expect([email.total, email.data.map((c: { email: string }) => c.email)]).toEqual([1, ['bulk1004@b.co']]);
      await t.db.query(
        `UPDATE crm_contacts SET phone = '+14155550' || lpad(g::text, 3, '0') FROM (
          SELECT id, row_number() OVER (ORDER BY email) AS g FROM crm_contacts WHERE team_id = $1 LIMIT 12) n
        WHERE n.id = crm_contacts.id`,
        [big.teamId],
      );
      expect((await get({ q: '(415) 555-00' })).body.total).toBe(12);
      expect((await get({ q: '415 555 001' })).body.total).toBe(3);
      expect((await get({ q: '+1 415 555 0012' })).body.total).toBe(1);
    });
  });
});
