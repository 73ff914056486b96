/**
 * Shows rich text the server has already sanitised (posts, comments): the HTML comes only from the allow-list
 * sanitiser (src/common/rich-text.ts), never straight from an author.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text break-words text-ink ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
