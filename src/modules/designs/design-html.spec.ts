import { sanitizeDesignHtml } from './design-html';

describe('the edit view’s stored HTML', () => {
  it.each([
    '<h2 onclick="x()">Hi</h2><script>alert(1)</script>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript:alert(1)">x</a>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)></svg><style>p{}</style>',
    '<p style="background:url(javascript:alert(1))" class="brands">IKEA</p>',
    '<iframe src="https://evil.example"></iframe><a href="//evil.example">x</a>',
  ])('keeps nothing that runs from %j', (html) => {
    const clean = sanitizeDesignHtml(html);
    expect(clean).not.toMatch(/<(script|style|svg|iframe|img)|\son\w+=|style=|javascript:|href="\/\//i);
    expect(sanitizeDesignHtml(clean)).toBe(clean);
  });

  it('keeps what the editor writes', () => {
    const html = '<h2>Cosy loft</h2><p>Warm wood<br>and linen</p><p class="brands">IKEA · Muji</p>';
    expect(sanitizeDesignHtml(html)).toBe(html);
  });
});
