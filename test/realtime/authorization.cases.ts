import { bootTestApp, type TestApp, type TestClient } from '../support/app';
import { expectAuthorizationTable } from '../support/authorization';

/** Every route the real-time area adds, and what a guest, another user and the owner get. */
describe('real-time authorization table', () => {
  let t: TestApp;
  let clients: Record<'guest' | 'stranger' | 'owner', TestClient>;
  let ownerId: string;

  beforeAll(async () => {
    t = await bootTestApp();
    const owner = await t.signedIn();
    ownerId = owner.user.id;
    clients = { guest: await t.client(), stranger: (await t.signedIn()).client, owner: owner.client };
  });
  afterAll(() => t?.close());

  it('answers each caller as the channel rules and sign-in require', async () => {
    await expectAuthorizationTable(clients, [
      {
        method: 'POST',
        path: '/broadcasting/auth',
        body: () => ({ socket_id: '1.2', channel_name: `private-App.Models.User.${ownerId}` }),
        expect: { guest: 403, stranger: 403, owner: 200 },
      },
      {
        method: 'POST',
        path: '/broadcasting/user-auth',
        body: { socket_id: '1.2' },
        expect: { guest: 403, stranger: 200, owner: 200 },
      },
      // The Pusher HTTP API is for the app's servers: a request without the app's signature is refused.
      {
        method: 'GET',
        path: `/apps/${t.config.broadcasting.appId}/channels`,
        expect: { guest: 401, stranger: 401, owner: 401 },
      },
    ]);
  });
});
