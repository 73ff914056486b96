const ENTITY_OF: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to place in HTML, in an element or in a quoted attribute: the five characters that can end a text
 * run or an attribute value are written as entities. The one escaping function of the app (pages, mails, feeds).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITY_OF[c]);
}
