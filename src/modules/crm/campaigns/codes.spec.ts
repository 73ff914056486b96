import { formatCode, newCode, newSlug, normaliseCode } from './codes';

describe('campaign codes', () => {
  it('makes distinct 12-symbol codes that read back through the normaliser', () => {
    const codes = new Set(Array.from({ length: 2000 }, newCode));
    expect(codes.size).toBe(2000);
    for (const code of [...codes].slice(0, 50)) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(normaliseCode(formatCode(code).toLowerCase())).toBe(code);
    }
  });

  it('accepts look-alikes and spacing, refuses wrong lengths and symbols', () => {
    expect(normaliseCode('abcd efgh jkmo')).toBe('ABCDEFGHJKM0');
    expect(normaliseCode('ILab-cdef-ghjk')).toBe('11ABCDEFGHJK');
    expect(normaliseCode('ABCD-EFGH')).toBeNull();
    expect(normaliseCode('ABCD-EFGH-JKU!')).toBeNull();
    expect(newSlug()).toMatch(/^[0-9a-z]{10}$/);
  });
});
