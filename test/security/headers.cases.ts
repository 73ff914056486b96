import { bootTestApp, TestApp } from '../support/app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a nonce-based Content-Security-Policy whose nonce is on every script of the page, fresh per response', async () => {
    const guest = await t.client();
    const first = await guest.get('/login').set('Accept', 'text/html');
    const policy = String(first.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'self'/);
    const scripts = first.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await guest.get('/login').set('Accept', 'text/html');
    expect(String(second.headers['content-security-policy'])).not.toContain(nonce);
  });

  it('adds HSTS only over https', async () => {
    const guest = await t.client();
    expect((await guest.get('/login')).headers['strict-transport-security']).toBeUndefined();
    const https = await guest.get('/login').set('X-Forwarded-Proto', 'https');
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
