import { escapeHtml } from '../../common/escape-html';
import type { User } from '../users';
import type { JournalPostRow } from './journal.repository';

/** An Atom 1.0 document of an author's public posts (content is the sanitised HTML, escaped as text). */
export function atomFeed(appUrl: string, author: User, posts: JournalPostRow[]): string {
  const base = appUrl.replace(/\/$/, '');
  const self = `${base}/journal/authors/${encodeURIComponent(author.handle ?? '')}/feed.atom`;
  const updated = posts[0]?.published_at ?? author.createdAt;
  const entries = posts.map(
    (p) => `  <entry>
    <id>urn:uuid:${p.id}</id>
    <title>${escapeHtml(p.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeHtml(`${base}/journal/${p.id}`)}"/>
    <published>${new Date(p.published_at!).toISOString()}</published>
    <updated>${new Date(p.updated_at).toISOString()}</updated>
    <summary>${escapeHtml(p.excerpt)}</summary>
    <content type="html">${escapeHtml(p.body_html)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${escapeHtml(self)}</id>
  <title>${escapeHtml(`${author.name}'s journal`)}</title>
  <link rel="self" href="${escapeHtml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeHtml(`${base}/journal`)}"/>
  <updated>${new Date(updated).toISOString()}</updated>
  <author><name>${escapeHtml(author.name)}</name></author>
${entries.join('\n')}
</feed>
`;
}
