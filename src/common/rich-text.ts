/**
 * Safe rich text for user-written posts, comments and articles. The input is tokenised and written out again from
 * an allow-list, so nothing the author typed reaches a page except:
 *   - these tags, with no attributes: p br strong b em i u s blockquote ul ol li h2 h3 h4 pre code hr
 *   - <a href> with an http(s)/mailto address or a path on this site (written with rel="nofollow ugc noopener")
 *   - <img src alt> whose src is a file we serve (/media/...)
 * Every other tag is dropped (its text kept), and script, style, iframe, object, embed, template, svg, math,
 * textarea, title, noscript and select are dropped with their content. Text is re-escaped; tags are balanced.
 */

const PLAIN_TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'pre',
  'code',
  'hr',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'textarea',
  'title',
  'noscript',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);
const MAX_DEPTH = 20;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function escapeText(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Decodes the entities authors' editors produce (named basics and numeric), so the output can escape once. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITY[name.toLowerCase()] ?? whole;
  });
}

/** A link target that cannot run script: http(s), mailto, or a path on this site (not protocol-relative). */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:"): remove them before checking.
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what must be removed
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^\/(?![/\\])/.test(value)) return value;
  if (/^(https?:\/\/|mailto:)/i.test(value) && !/^https?:\/\/[^/]*\\/i.test(value)) return value;
  return null;
}

/** An image we serve ourselves (uploads through the storage service), never a third-party tracker or script URL. */
export function safeImageSrc(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  return /^\/media\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(value) && !value.includes('..') ? value : null;
}

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(source))) {
    const name = match[1].toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

function openTag(name: string, attrs: Map<string, string>): string | null {
  if (PLAIN_TAGS.has(name)) return `<${name}>`;
  if (name === 'a') {
    const href = safeHref(attrs.get('href') ?? '');
    return href ? `<a href="${escapeText(href)}" rel="nofollow ugc noopener">` : '<a>';
  }
  if (name === 'img') {
    const src = safeImageSrc(attrs.get('src') ?? '');
    if (!src) return null;
    const alt = decodeEntities(attrs.get('alt') ?? '').slice(0, 200);
    return `<img src="${escapeText(src)}" alt="${escapeText(alt)}" loading="lazy">`;
  }
  return null;
}

/**
 * The sanitised HTML of `input` (see the allow-list above). Idempotent: sanitising the output changes nothing.
 * Linear time: a tag token never spans a `<` (even inside quotes), so hostile input like "<a<a<a..." cannot make
 * the tokeniser rescan the rest of the text from every `<`.
 */
export function sanitizeRichText(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const token =
    /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^<>"']|"[^"<>]*"|'[^'<>]*')*)>|<|[^<]+/g;
  let dropping: string | null = null;
  let match: RegExpExecArray | null;
  while ((match = token.exec(input))) {
    const [whole, rawName, rawAttrs] = match;
    if (rawName === undefined) {
      if (!dropping && whole[0] !== '<') out.push(escapeText(decodeEntities(whole)));
      else if (!dropping && whole === '<') out.push('&lt;');
      continue;
    }
    const name = rawName.toLowerCase();
    const closing = whole[1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(rawAttrs ?? '')) dropping = name;
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    const tag = openTag(name, attributes(rawAttrs ?? ''));
    if (!tag) continue;
    if (VOID_TAGS.has(name)) out.push(tag);
    else if (open.length < MAX_DEPTH) {
      out.push(tag);
      open.push(name);
    }
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** A block's edge (opening or closing) or a line break: it parts words; an inline tag (<b>, <a>) does not. */
const BLOCK_EDGE = /<\/?(p|br|hr|li|ul|ol|h[2-4]|blockquote|pre)\b[^>]*>/g;

/** Plain text of sanitised HTML (excerpts, notifications, feeds' summaries), whitespace collapsed. */
export function richTextToPlain(html: string, max = 280): string {
  const text = decodeEntities(html.replace(BLOCK_EDGE, ' ').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** True when the text carries a link: an <a href>, or an address written out (http://, www.example.com). */
export function hasLinks(html: string): boolean {
  return /<a href=/.test(html) || /\b(https?:\/\/|www\.)[^\s<]+/i.test(decodeEntities(html.replace(/<[^>]*>/g, ' ')));
}

/** True when nothing but whitespace would be shown (an empty editor sends "<p><br></p>"). */
export function isBlankRichText(html: string): boolean {
  return !/<img /.test(html) && richTextToPlain(html, 10).length === 0;
}
