import type { CommunityAuthor } from '@contracts/community';
import { Avatar } from '@/components/Avatar';

/** An author's avatar, name and when they wrote. */
export function AuthorLine({ author, at }: { author: CommunityAuthor; at: string | null }) {
  return (
    <div className="flex items-center gap-2 text-sm text-ink-muted">
      <Avatar name={author.name} url={author.avatar_url} size="sm" />
      <span className="font-medium text-ink">{author.name}</span>
      {at && <time dateTime={at}>{new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' })}</time>}
    </div>
  );
}
