import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app-config';
import { describeExposure } from '../../src/config/exposure';
import { bootTestApp, TestApp } from '../support/app';
import { waitForMail } from '../auth/helpers';

const storage = () => mkdtempSync(join(tmpdir(), 'reelty-exposure-'));

describe('what development mode exposes', () => {
  it('listens on loopback in development unless HOST says otherwise, and says so at start', () => {
    const dev = loadConfig({ STORAGE_DIR: storage() });
    expect(dev.host).toBe('127.0.0.1');
    expect(describeExposure(dev)).toMatchObject({ level: 'log' });
    expect(describeExposure(dev).lines.join(' ')).toMatch(/127\.0\.0\.1 only/);

    const open = loadConfig({ STORAGE_DIR: storage(), HOST: '0.0.0.0' });
    expect(open.host).toBe('0.0.0.0');
    const warning = describeExposure(open);
    expect(warning.level).toBe('warn');
    expect(warning.lines.join(' ')).toMatch(/reachable from the network.*demo accounts/);

    const production = loadConfig({ NODE_ENV: 'production', APP_KEY: 'k'.repeat(40) });
    expect(production.host).toBe('0.0.0.0');
    expect(production.trustProxy).toBe(false);
    expect(loadConfig({ STORAGE_DIR: storage(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  describe('the development mailbox', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp({ NODE_ENV: 'development', STORAGE_DIR: storage() });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers this machine and signed-in admins only: a guest cannot read the admin password-reset link', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const guest = await t.client();
      await guest.post('/forgot-password').send({ email: admin.email });
      await waitForMail(t.db, admin.email, 'Reset your');

      // From elsewhere (forwarded by a proxy on this host, or any non-loopback peer): as if it did not exist.
      const remote = await guest.visit('/dev/mailbox').set('X-Forwarded-For', '203.0.113.7');
      expect(remote.status).toBe(404);
      expect((await guest.visit('/dev/mailbox').set('Forwarded', 'for=203.0.113.7')).status).toBe(404);
      // nginx's `proxy_set_header X-Real-IP`, and the CDNs' own client headers, name a remote client too.
      for (const header of ['X-Real-IP', 'True-Client-IP', 'CF-Connecting-IP', 'X-Client-IP'])
        expect({ header, status: (await guest.visit('/dev/mailbox').set(header, '203.0.113.7')).status }).toEqual({
          header,
          status: 404,
        });
      expect((await guest.visit('/dev/mailbox').set('Via', '1.1 proxy')).status).toBe(404);

      const { client: stranger } = await t.signedIn();
      expect((await stranger.visit('/dev/mailbox').set('X-Forwarded-For', '203.0.113.7')).status).toBe(404);
      const { client: adminClient } = await t.signedIn({ role: 'admin' });
      expect((await adminClient.visit('/dev/mailbox').set('X-Forwarded-For', '203.0.113.7')).status).toBe(200);

      // From this machine it still works without signing in (a newcomer verifies from the same browser).
      expect((await guest.visit('/dev/mailbox')).status).toBe(200);
      expect((await guest.visit('/dev/mailbox?page=99999999999999999999')).status).toBe(422);
    });
  });
});
