import { bootTestApp, TestApp } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

/** The fair-housing phrase check: signed-in people only; warnings, never a refusal. */
describe('fair-housing authorization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('answers each caller as the table says, and 422 without text', async () => {
    const realtor = await t.signedIn({ type: 'realtor' });
    const viewer = await t.signedIn();
    const body = { text: 'Adults only, perfect for a couple.' };
    await expectAuthorizationTable({ guest: await t.client(), viewer: viewer.client, realtor: realtor.client }, [
      { method: 'POST', path: '/api/fair-housing/check', body, expect: { guest: 401, viewer: 200, realtor: 200 } },
    ]);
    const res = await realtor.client.post('/api/fair-housing/check').send(body);
    expect(res.body.warnings.map((w: { phrase: string }) => w.phrase)).toEqual(['Adults only', 'perfect for a couple']);
    expect((await realtor.client.post('/api/fair-housing/check').send({})).status).toBe(422);
  });
});
