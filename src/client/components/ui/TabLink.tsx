import { Link } from '@inertiajs/react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type LinkProps = Omit<ComponentProps<typeof Link>, 'className'> & { active: boolean };

/** A link that says whether it is the current choice, styled by `look(active)`. */
function ChoiceLink({ active, look, ...link }: LinkProps & { look: string }) {
  return <Link {...link} aria-current={active ? 'page' : undefined} className={look} />;
}

/**
 * One tab of a row over a page's sections (a team's, an article's, the affiliate programme's): underlined when
 * it is the current one. The row is a `flex gap-1 border-b border-line` nav; each tab sits on its border.
 */
export function TabLink(props: LinkProps) {
  const look = cn(
    '-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm',
    props.active ? 'border-brand-500 font-medium text-accent-ink' : 'border-transparent text-ink-muted hover:text-ink',
  );
  return <ChoiceLink {...props} look={look} />;
}

/** One choice among a list's filters (a review state, a category): filled when chosen; `compact` in long rows. */
export function FilterLink({ compact = false, ...props }: LinkProps & { compact?: boolean }) {
  const look = cn(
    'rounded-control py-1 text-sm',
    compact ? 'px-2' : 'px-3',
    props.active ? 'bg-brand-600 text-white' : 'bg-surface-muted text-ink-muted hover:text-ink',
  );
  return <ChoiceLink {...props} look={look} />;
}
