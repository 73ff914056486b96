import { csvCell, parseCsv } from './csv';

describe('crm csv', () => {
  it('reads quotes, doubled quotes, commas and both line ends', () => {
    expect(parseCsv('name,email\r\n"Lee, Ann","a""b@x.co"\nBo,bo@x.co\n\n')).toEqual([
      ['name', 'email'],
      ['Lee, Ann', 'a"b@x.co'],
      ['Bo', 'bo@x.co'],
    ]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('name\n"open')).toThrow('not closed');
  });

  it('writes cells safely', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=HYPERLINK(1)')).toBe("'=HYPERLINK(1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell('+14155550132')).toBe('+14155550132');
    expect(csvCell('+1+1')).toBe("'+1+1");
  });
});
