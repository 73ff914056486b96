import { PLAIN_TAGS, sanitizeAllowing } from '../../common/rich-text';

// The rich-text formatting tags, a top headline, links and the brand line's classed spans.
const EDIT_VIEW_TAGS = [...PLAIN_TAGS, 'h1', 'a', 'span'];

/**
 * The edit view's stored HTML (headline, paragraphs, the brand line, links): only inert markup survives, so no
 * script, handler, style or javascript: URL is ever stored or shown.
 */
export function sanitizeDesignHtml(html: string): string {
  return sanitizeAllowing(html, {
    allowedTags: EDIT_VIEW_TAGS,
    allowedAttributes: { a: ['href'], p: ['class'], span: ['class'] },
  });
}
