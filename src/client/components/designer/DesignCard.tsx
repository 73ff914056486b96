import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import type { Design } from '@contracts/designs';

const STATUS: Record<string, string> = {
  pending: 'Queued',
  processing: 'Generating',
  completed: 'Ready',
  failed: 'Failed',
};

export function FavoriteButton({
  favorite,
  onToggle,
  busy,
}: {
  favorite: boolean;
  onToggle: () => void;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={busy}
      aria-pressed={favorite}
      aria-label={favorite ? 'Remove from favorites' : 'Add to favorites'}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors',
        favorite
          ? 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300'
          : 'bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700',
      )}
      data-testid="favorite-button"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill={favorite ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M12 21s-7-4.35-9.5-8.5C.5 8.5 3 4 7 4c2 0 3.5 1 5 3 1.5-2 3-3 5-3 4 0 6.5 4.5 4.5 8.5C19 16.65 12 21 12 21z" />
      </svg>
      {favorite ? 'Favorited' : 'Favorite'}
    </button>
  );
}

/** A design in a grid: the latest image (or the photo while it runs), status, favorite mark. */
export function DesignCard({ design }: { design: Design }) {
  const image = design.image ?? design.original_image;
  const title = [design.options.theme, design.options.roomType].filter(Boolean).join(' ') || 'Room design';
  return (
    <Link
      href={`/designer/${design.id}`}
      className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-testid="design-card"
    >
      <div className="relative aspect-[4/3] bg-slate-100 dark:bg-slate-800">
        <img
          src={image}
          alt={title}
          loading="lazy"
          className={cn('h-full w-full object-cover', !design.image && 'opacity-60')}
        />
        {design.favorite && (
          <span className="absolute right-2 top-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-medium text-white">
            ♥
          </span>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 p-3">
        <span className="truncate text-sm font-medium text-slate-800 dark:text-slate-100">{title}</span>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs',
            design.status === 'failed'
              ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'
              : design.status === 'completed'
                ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300'
                : 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
          )}
        >
          {STATUS[design.status] ?? design.status}
        </span>
      </div>
    </Link>
  );
}

export function EngineBadge({ label, name }: { label: string; name: string }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
      title={
        name === 'local'
          ? 'Runs on this server without an AI service: it restyles colours, light and texture by theme and palette, and does not add furniture.'
          : undefined
      }
      data-testid="engine-badge"
    >
      <span className={cn('h-1.5 w-1.5 rounded-full', name === 'local' ? 'bg-amber-500' : 'bg-emerald-500')} />
      {label}
    </span>
  );
}
