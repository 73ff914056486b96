import { escapeHtml } from '../../../common/escape-html';
import type { RenderedTemplate } from '../../../contracts/crm-marketing';

/** The merge fields a template may use, as `{{key}}`. */
export const MERGE_FIELDS = [
  { key: 'first_name', label: 'First name' },
  { key: 'name', label: 'Full name' },
  { key: 'email', label: 'Email' },
  { key: 'agent_name', label: 'Your name' },
  { key: 'team_name', label: 'Team name' },
  { key: 'property_address', label: 'Property address' },
  { key: 'property_price', label: 'Property price' },
  { key: 'property_url', label: 'Property link' },
] as const;

export type MergeValues = Partial<Record<(typeof MERGE_FIELDS)[number]['key'], string>>;

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * Fills `{{field}}` in a template. The text part gets the values as they are; the HTML part escapes the template
 * and every value, so a contact named `<script>` (or a template author's markup) is shown, never run. Unknown or
 * empty fields become empty.
 */
export function renderTemplate(t: { subject: string; body: string }, values: MergeValues): RenderedTemplate {
  const fill = (s: string, esc: (v: string) => string) =>
    s.replace(FIELD, (_m, key: string) => esc(values[key as keyof MergeValues] ?? ''));
  const text = fill(t.body, (v) => v);
  const html = t.body
    .split(/\n{2,}/)
    .map((para) => `<p>${fill(escapeHtml(para), escapeHtml).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { subject: fill(t.subject, (v) => v).replace(/[\r\n]+/g, ' '), text, html };
}
