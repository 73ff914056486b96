import { isWebUrl, signClick, trackLinks, verifyClick } from './click-token';

const ID = '0b7c2a4e-5f1d-4c3b-9a8e-112233445566';

describe('click tokens', () => {
  it('round-trips the send id and link index, and refuses another secret or a changed byte', () => {
    const token = signClick('s1', ID, 3);
    expect(verifyClick(token, ['old', 's1'])).toEqual({ sendId: ID, index: 3 });
    expect(verifyClick(token, ['other'])).toBeNull();
    const forged = signClick('s1', ID, 4).split('.')[0] + '.' + token.split('.')[1];
    expect(verifyClick(forged, ['s1'])).toBeNull();
    expect(verifyClick('nope', ['s1'])).toBeNull();
  });

  it('refuses a non-canonical spelling of a valid token (spare bits of the last character set)', () => {
    const token = signClick('s1', ID, 3);
    const last = token.at(-1)!;
    // 22 characters carry 128 bits: the last one holds 2 bits and 4 spare ones, which the decoder ignores.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = token.slice(0, -1) + alphabet[alphabet.indexOf(last) + 1];
    expect(Buffer.from(respelled.split('.')[1], 'base64url')).toEqual(Buffer.from(token.split('.')[1], 'base64url'));
    expect(verifyClick(respelled, ['s1'])).toBeNull();
  });

  it('links each distinct http(s) URL once in HTML and text, leaving other schemes alone', () => {
    const out = trackLinks(
      {
        html: '<p>See https://a.co/x?y=1&amp;z=2. And https://a.co/x?y=1&amp;z=2 and javascript:alert(1)</p>',
        text: 'See https://a.co/x?y=1&z=2. ftp://b.co',
      },
      (i) => `/m/c/${i}`,
    );
    expect(out.links).toEqual(['https://a.co/x?y=1&z=2']);
    expect(out.html).toBe(
      '<p>See <a href="/m/c/0">https://a.co/x?y=1&amp;z=2</a>. And <a href="/m/c/0">https://a.co/x?y=1&amp;z=2</a> and javascript:alert(1)</p>',
    );
    expect(out.text).toBe('See /m/c/0. ftp://b.co');
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
  });
});
