/** Control characters (not tab or newline), zero-width and text-direction overrides. */
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A comment as plain text: markup removed, control characters dropped (newlines and tabs kept), whitespace at the
 * ends trimmed and runs of blank lines shortened. Pages render it as text, never as HTML.
 */
export function plainText(input: string, max = 1000): string {
  return input
    .replace(/<\/?[a-z!][^<>]*>/gi, '')
    .replace(/\r\n?/g, '\n')
    .replace(UNWANTED, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, max);
}
