import { contactSearchPrefix, identityOf, normaliseEmail, normalisePhone, phoneIsInvalid } from './identity';

describe('crm identity normaliser', () => {
  it('lower-cases and trims emails, refuses non-addresses', () => {
    expect(normaliseEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    expect(normaliseEmail('')).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
    expect(normaliseEmail('not an email')).toBeUndefined();
    expect(normaliseEmail('a@b')).toBeUndefined();
  });

  it('writes phones as E.164', () => {
    expect(normalisePhone('(415) 555-0132')).toBe('+14155550132');
    expect(normalisePhone('415.555.0132')).toBe('+14155550132');
    expect(normalisePhone('1 415 555 0132')).toBe('+14155550132');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone(' ')).toBeNull();
  });

  it('refuses what is not a phone number', () => {
    expect(normalisePhone('555-0132')).toBeUndefined();
    expect(normalisePhone('call me')).toBeUndefined();
    expect(normalisePhone('+1234567')).toBeUndefined();
    expect(normalisePhone('+1234567890123456')).toBeUndefined();
    expect(normalisePhone('(015) 555-0132')).toBeUndefined();
  });

  it('names the malformed field', () => {
    expect(identityOf({ email: 'x', phone: '4155550132' })).toEqual({ ok: false, field: 'email' });
    expect(identityOf({ email: 'a@b.co', phone: 'nope' })).toEqual({ ok: false, field: 'phone' });
    expect(identityOf({ email: 'A@B.co', phone: '4155550132' })).toEqual({
      ok: true,
      identity: { email: 'a@b.co', phone: '+14155550132' },
    });
  });
});

describe('phoneIsInvalid', () => {
  it('refuses missing, malformed, impossible North American and fictional numbers; keeps real ones', () => {
    expect(
      [null, 'abc', '+1 015 730 1234', '+1 415 130 1234', '+1 415 555 0123', '+44 7777 777777'].map(phoneIsInvalid),
    ).toEqual([true, true, true, true, true, true]);
    expect(['+1 415 730 1234', '+1 415 555 2671', '+44 20 7946 0958'].map(phoneIsInvalid)).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('contactSearchPrefix', () => {
  it('turns a typed email or phone into index-friendly prefixes, and anything else into null', () => {
    expect(contactSearchPrefix(' Ann.B@Example ')).toEqual({ column: 'email', like: ['ann.b@example%'] });
    expect(contactSearchPrefix('a_b%@x')).toEqual({ column: 'email', like: ['a\\_b\\%@x%'] });
    expect(contactSearchPrefix('+44 20 7946')).toEqual({ column: 'phone', like: ['+44207946%'] });
    expect(contactSearchPrefix('(415) 555-01')).toEqual({ column: 'phone', like: ['+41555501%', '+141555501%'] });
    expect(contactSearchPrefix('415 55')).toBeNull();
    expect(contactSearchPrefix('Ann Buyer')).toBeNull();
    expect(contactSearchPrefix('')).toBeNull();
  });
});
