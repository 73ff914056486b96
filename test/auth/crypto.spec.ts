import { checkSignedPath, signPath } from '../../src/modules/auth/services/signed-url';
import { generateRecoveryCodes, hashRecoveryCode } from '../../src/modules/auth/two-factor/recovery-codes';
import { seal, unseal } from '../../src/modules/auth/two-factor/sealing';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUri,
  totp,
  verifyTotp,
} from '../../src/modules/auth/two-factor/totp';

describe('TOTP (RFC 6238)', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');

  // RFC 6238 Appendix B, SHA1, 8 digits.
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives %s', (seconds, expected) => {
    expect(totp(key, seconds * 1000, 8)).toBe(expected);
  });

  it('matches the RFC 4226 HOTP values (6 digits)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(key, counter)).toBe(code));
  });

  it('round-trips base32 and accepts the base32 form of the RFC secret', () => {
    const secret = base32Encode(key);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret).equals(key)).toBe(true);
    expect(totp(secret, 59_000, 8)).toBe('94287082');
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('verifies within ±1 step and answers the matching step', () => {
    const secret = base32Encode(key);
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(secret, totp(secret, now), now)).toBe(step);
    expect(verifyTotp(secret, totp(secret, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, now + 60_000), now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
    expect(verifyTotp(secret, '12345', now)).toBeNull();
  });

  it('builds an otpauth URI', () => {
    expect(otpauthUri('ABC', 'me@example.test', 'Reelty')).toBe(
      'otpauth://totp/Reelty%3Ame%40example.test?secret=ABC&issuer=Reelty&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('sealing (AES-256-GCM)', () => {
  const appKey = 'k'.repeat(40);

  it('round-trips and uses a fresh IV each time', () => {
    const a = seal('JBSWY3DPEHPK3PXP', appKey);
    const b = seal('JBSWY3DPEHPK3PXP', appKey);
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(a, appKey)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another purpose and tampering', () => {
    const sealed = seal('secret', appKey);
    expect(() => unseal(sealed, 'x'.repeat(40))).toThrow();
    expect(() => unseal(sealed, appKey, 'other')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => unseal(`v1.${raw.toString('base64url')}`, appKey)).toThrow();
    expect(() => unseal('v2.abc', appKey)).toThrow();
  });
});

describe('recovery codes and signed URLs', () => {
  it('makes 8 distinct codes, hashed case-insensitively', () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(8);
    codes.forEach((code) => expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    expect(hashRecoveryCode(codes[0].toUpperCase())).toBe(hashRecoveryCode(codes[0]));
  });

  it('signs paths with an expiry', () => {
    const now = 1_700_000_000_000;
    const signed = signPath('/email/verify/1/abc', 'key', new Date(now + 60_000));
    const url = new URL(signed, 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    expect(checkSignedPath('/email/verify/1/abc', expires, signature, 'key', now)).toBe('valid');
    expect(checkSignedPath('/email/verify/1/abc', expires, signature, 'key', now + 61_000)).toBe('expired');
    expect(checkSignedPath('/email/verify/2/abc', expires, signature, 'key', now)).toBe('invalid');
    expect(checkSignedPath('/email/verify/1/abc', expires, signature, 'other', now)).toBe('invalid');
    expect(checkSignedPath('/email/verify/1/abc', undefined, signature, 'key', now)).toBe('invalid');
  });
});
