import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';

/**
 * A list item that is one link to a thing's page: its title with a badge beside it, two lines of description, a
 * line of small facts, and anything else the thing shows (`children`).
 */
export function LinkCard({
  href,
  title,
  badge,
  description,
  meta,
  children,
}: {
  href: string;
  title: string;
  badge?: ReactNode;
  description?: string | null;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li>
      <Link
        href={href}
        className="block h-full rounded-card border border-line bg-surface p-4 shadow-card hover:border-brand-400"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-ink">{title}</h3>
          {badge}
        </div>
        {description && <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{description}</p>}
        {meta && <p className="mt-2 text-xs text-ink-subtle">{meta}</p>}
        {children}
      </Link>
    </li>
  );
}

/** The small rounded label beside a card's title ("Broadcast", "Invite-only"). */
export function CardBadge({ children }: { children: ReactNode }) {
  return <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">{children}</span>;
}
