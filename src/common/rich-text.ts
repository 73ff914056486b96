import sanitizeHtml from 'sanitize-html';

/**
 * Safe rich text for user-written posts, comments and articles, through sanitize-html (htmlparser2 parses the input
 * as a browser would; only the allow-list is written out again), so nothing the author typed reaches a page except:
 *   - these tags, with no attributes: p br strong b em i u s blockquote ul ol li h2 h3 h4 pre code hr
 *   - <a href> with an http(s)/mailto address or a path on this site (written with rel="nofollow ugc noopener")
 *   - <img src alt> whose src is a file we serve (/media/...)
 * Every other tag is dropped (its text kept), and script, style, iframe, object, embed, template, svg, math,
 * textarea, title, noscript and select are dropped with their text. Text is re-escaped; tags are balanced; nesting
 * deeper than MAX_DEPTH keeps its text and loses its tags.
 */

/** The formatting tags user HTML may keep, without attributes. */
export const PLAIN_TAGS = [
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
];
const DROP_WITH_CONTENT = [
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
];
const MAX_DEPTH = 20;
const MAX_ALT = 200;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

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

/** A link target (entities already decoded) that cannot run script: http(s), mailto, or a path on this site (not protocol-relative). */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:"): remove them before checking.
  // eslint-disable-next-line no-control-regex -- the control characters are exactly what must be removed
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^\/(?![/\\])/.test(value)) return value;
  if (/^(https?:\/\/|mailto:)/i.test(value) && !/^https?:\/\/[^/]*\\/i.test(value)) return value;
  return null;
}

/** An image we serve ourselves (uploads through the storage service), never a third-party tracker or script URL. */
export function safeImageSrc(raw: string): string | null {
  const value = raw.trim();
  return /^\/media\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(value) && !value.includes('..') ? value : null;
}

/**
 * User HTML through sanitize-html with the fences every use shares (links and sources only http(s), mailto or a
 * path here; unknown tags dropped with their text kept) and the caller's allow-list. The library closes void tags
 * XHTML-style (`<br />`); stored HTML uses HTML's `<br>`. Only a tag can hold " />": text and attribute values leave
 * the library with < and > escaped.
 */
export function sanitizeAllowing(html: string, allowList: sanitizeHtml.IOptions): string {
  return sanitizeHtml(html, {
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    ...allowList,
  }).replace(/ \/>/g, '>');
}

// Our own checks below decide every URL; the shared scheme list is a second fence.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...PLAIN_TAGS, 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'loading'] },
  nonTextTags: DROP_WITH_CONTENT,
  nestingLimit: MAX_DEPTH,
  transformTags: {
    a: (_tag, attribs) => {
      const href = safeHref(attribs.href ?? '');
      const kept: sanitizeHtml.Attributes = href ? { href, rel: 'nofollow ugc noopener' } : {};
      return { tagName: 'a', attribs: kept };
    },
    img: (_tag, attribs) => {
      const src = safeImageSrc(attribs.src ?? '');
      const alt = (attribs.alt ?? '').slice(0, MAX_ALT);
      const kept: sanitizeHtml.Attributes = src ? { src, alt, loading: 'lazy' } : {};
      return { tagName: 'img', attribs: kept };
    },
  },
  // An image whose source is not ours goes altogether (an <img> without src would be a broken box).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The sanitised HTML of `input` (see the allow-list above). Idempotent: sanitising the output changes nothing. */
export function sanitizeRichText(input: string): string {
  return sanitizeAllowing(input, OPTIONS);
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
