import { hasLinks, isBlankRichText, richTextToPlain, safeHref, sanitizeRichText } from './rich-text';

/** Classic XSS payloads (OWASP filter-evasion cheat sheet and friends): none may leave markup that runs script. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/media/ok.webp" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/\\evil.example">x</a>',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="x:expression(alert(1))">x</p>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<a href="/ok" onclick="alert(1)">x</a>',
  '<a href="/ok"onmouseover="alert(1)">x</a>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<img src="/media/../../etc/passwd">',
  '<img src="https://tracker.example/p.gif">',
  '<a href="https://ok.example/\\" onclick=alert(1)>x</a>',
  '"><script>alert(1)</script>',
  '<scri\u0000pt>alert(1)</script>',
  '<a/href="javascript:alert(1)">x</a>',
  '<ScRiPt >alert(1)</ScRiPt >',
];

/** What would run script once a browser parses the sanitised HTML. */
function dangers(html: string): string[] {
  const found: string[] = [];
  if (/<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link|body|details)\b/i.test(html))
    found.push('tag');
  if (/<[^>]*\s(on[a-z]+|style|srcdoc|formaction|xlink:href)\s*=/i.test(html)) found.push('attribute');
  if (/(href|src)="(?!\/(?![/\\])|https?:\/\/|mailto:)/i.test(html)) found.push('url');
  // Every tag left is one of ours and written in our own format.
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    if (
      !/^<\/?(p|br|strong|b|em|i|u|s|blockquote|ul|ol|li|h2|h3|h4|pre|code|hr|a)>$/.test(tag) &&
      !/^<a href="[^"<>]*" rel="nofollow ugc noopener">$/.test(tag) &&
      !/^<img src="\/media\/[A-Za-z0-9/_.-]*" alt="[^"<>]*" loading="lazy">$/.test(tag)
    )
      found.push(`foreign ${tag}`);
  }
  return found;
}

describe('sanitizeRichText', () => {
  it.each(PAYLOADS)('leaves no script in %j', (payload) => {
    const clean = sanitizeRichText(payload);
    expect(dangers(clean)).toEqual([]);
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('keeps the allowed formatting, links and our own images', () => {
    const html =
      '<h2>Big news</h2><p>A <strong>bold</strong> and <em>quiet</em> <a href="https://example.com/a?b=1&amp;c=2">link</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><p><img src="/media/journal/u/abc.webp" alt="Pool"></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Big news</h2><p>A <strong>bold</strong> and <em>quiet</em> ' +
        '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener">link</a>.</p>' +
        '<ul><li>one</li><li>two</li></ul><p><img src="/media/journal/u/abc.webp" alt="Pool" loading="lazy"></p>',
    );
  });

  it('drops unknown tags but keeps their text, balances tags and escapes text', () => {
    expect(sanitizeRichText('<div><span>Hi</span> <b>there')).toBe('Hi <b>there</b>');
    expect(sanitizeRichText('5 < 6 & "x"')).toBe('5 &lt; 6 &amp; "x"');
    // A stray </p> opens and closes an empty paragraph, as a browser reads it.
    expect(sanitizeRichText('<p>a</em>b</p></p>')).toBe('<p>ab</p><p></p>');
    expect(sanitizeRichText('<p>' + '<b>'.repeat(50) + 'deep')).toMatch(/deep/);
  });

  it('only accepts link targets that cannot run script', () => {
    expect(safeHref('/societies/1')).toBe('/societies/1');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });
});

describe('plain text helpers', () => {
  it('finds links written as tags or as addresses', () => {
    expect(hasLinks(sanitizeRichText('<a href="https://x.example">x</a>'))).toBe(true);
    expect(hasLinks(sanitizeRichText('see www.example.com today'))).toBe(true);
    expect(hasLinks(sanitizeRichText('no links, just 3.5 baths'))).toBe(false);
  });
  it('makes excerpts and spots empty editors', () => {
    expect(richTextToPlain('<p>Hello&nbsp;<b>world</b></p><p>again</p>')).toBe('Hello world again');
    expect(richTextToPlain('Buyers have <b>options</b>.<ul><li>Prices steady</li></ul>')).toBe(
      'Buyers have options. Prices steady',
    );
    expect(richTextToPlain('Open house<hr>Sunday<h2>Details</h2>')).toBe('Open house Sunday Details');
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<p><img src="/media/a.webp" alt="" loading="lazy"></p>')).toBe(false);
  });
});
