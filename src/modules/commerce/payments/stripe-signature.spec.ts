import { signStripePayload, verifyStripeSignature } from './stripe-signature';

describe('Stripe webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const body = Buffer.from('{"id":"evt_1","type":"checkout.session.completed"}');
  const now = 1_800_000_000;

  it('accepts a signature made with the secret over the exact body', () => {
    expect(verifyStripeSignature(body, signStripePayload(body, secret, now), secret, now + 10)).toBe(true);
  });

  it('refuses another secret, a changed body, a stale timestamp and a missing header', () => {
    const header = signStripePayload(body, secret, now);
    expect(verifyStripeSignature(body, signStripePayload(body, 'whsec_other', now), secret, now)).toBe(false);
    expect(verifyStripeSignature(Buffer.from(`${body} `), header, secret, now)).toBe(false);
    expect(verifyStripeSignature(body, header, secret, now + 301)).toBe(false);
    expect(verifyStripeSignature(body, undefined, secret, now)).toBe(false);
    expect(verifyStripeSignature(body, 't=abc,v1=zz', secret, now)).toBe(false);
  });
});
