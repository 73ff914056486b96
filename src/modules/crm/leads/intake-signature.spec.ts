import { bookSecret, signIntake, verifyIntake } from './intake-signature';

describe('crm intake signature', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const t = now / 1000;
  const secret = bookSecret('app-secret', 'team-a');

  it('accepts a fresh signature with the book secret (current or previous)', () => {
    const header = signIntake(secret, t, '{"a":1}');
    expect(verifyIntake(header, '{"a":1}', [secret], now)).toBe('ok');
    expect(verifyIntake(header, '{"a":1}', ['other', secret], now)).toBe('ok');
  });

  it('refuses another book, another body, an old timestamp and garbage', () => {
    const header = signIntake(secret, t, '{"a":1}');
    expect(verifyIntake(header, '{"a":1}', [bookSecret('app-secret', 'team-b')], now)).toBe('mismatch');
    expect(verifyIntake(header, '{"a":2}', [secret], now)).toBe('mismatch');
    expect(verifyIntake(signIntake(secret, t - 301, '{}'), '{}', [secret], now)).toBe('stale');
    expect(verifyIntake(signIntake(secret, t + 301, '{}'), '{}', [secret], now)).toBe('stale');
    expect(verifyIntake('t=1,v1=zz', '{}', [secret], now)).toBe('malformed');
    expect(verifyIntake(undefined, '{}', [secret], now)).toBe('malformed');
  });
});
