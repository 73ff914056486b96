import type { Page } from '@contracts/common';
import type { CommunityAuthor } from '@contracts/community';
import { AuthorLine } from './AuthorLine';

/**
 * A group's members (the first page) under a heading, each with the role worth showing (`roleLabel`: null shows
 * none). `as` is the element that holds it: a section in a page's aside, or the aside itself.
 */
export function GroupMemberList<R extends string>({
  as: Holder = 'section',
  id,
  title,
  members,
  roleLabel,
}: {
  as?: 'section' | 'aside';
  /** The heading's id, which labels the holder. */
  id: string;
  title: string;
  members: Page<{ user: CommunityAuthor; role: R }>;
  roleLabel: (role: R) => string | null;
}) {
  return (
    <Holder aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-title font-semibold text-ink">
        {title}
      </h2>
      <ul className="space-y-2">
        {members.data.map((m) => {
          const role = roleLabel(m.role);
          return (
            <li key={m.user.id} className="flex items-center justify-between gap-2">
              <AuthorLine author={m.user} at={null} />
              {role && <span className="text-xs text-ink-subtle">{role}</span>}
            </li>
          );
        })}
      </ul>
    </Holder>
  );
}
