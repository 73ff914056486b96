import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';
import { formatPrice, humanize } from './rules';
import type { PropertySummary } from '@contracts/properties';

const STATE_STYLES: Record<string, string> = {
  draft: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  published: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  archived: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

export function PublishBadge({ state }: { state: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[state] ?? ''}`}>
      {humanize(state)}
    </span>
  );
}

export function PropertyCard({
  property,
  href,
  extra,
  actions,
  highlighted,
  onHover,
}: {
  property: PropertySummary;
  href: string;
  extra?: ReactNode;
  actions?: ReactNode;
  highlighted?: boolean;
  onHover?: (id: string | null) => void;
}) {
  const image = property.featured_image;
  return (
    <article
      data-testid="property-card"
      onMouseEnter={() => onHover?.(property.id)}
      onMouseLeave={() => onHover?.(null)}
      className={`flex gap-3 overflow-hidden rounded-xl border bg-white p-3 shadow-sm dark:bg-slate-900 ${highlighted ? 'border-brand-500' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <Link
        href={href}
        className="h-20 w-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800 sm:h-24 sm:w-32"
      >
        {image ? (
          <img src={image.thumb_url} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-xs text-slate-400">No photo</div>
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={href} className="truncate font-semibold text-slate-900 hover:underline dark:text-white">
            {property.name}
          </Link>
          <PublishBadge state={property.publish_state} />
          {property.is_private && <span className="text-xs text-slate-500">Private</span>}
        </div>
        <p className="text-sm font-medium text-brand-700 dark:text-brand-300">
          {formatPrice(property.price, property.currency)}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {property.full_address ?? 'No address yet'}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {[humanize(property.type), humanize(property.status)].filter(Boolean).join(' · ')}
        </p>
        {extra}
        {actions && <div className="mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  );
}
