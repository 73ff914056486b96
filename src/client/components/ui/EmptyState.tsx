import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Inside a card without padding (a list's empty state): the card's padding around the dashed box. */
  inset?: boolean;
}

export function EmptyState({ inset, ...box }: EmptyStateProps) {
  return inset ? (
    <div className="p-5">
      <DashedBox {...box} />
    </div>
  ) : (
    <DashedBox {...box} />
  );
}

function DashedBox({ title, description, icon, action, className }: Omit<EmptyStateProps, 'inset'>) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-card border border-dashed border-line-strong px-6 py-12 text-center',
        className,
      )}
    >
      {icon && (
        <div className="mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">
          {icon}
        </div>
      )}
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      {description && <p className="mt-1 max-w-sm text-sm text-ink-subtle">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
