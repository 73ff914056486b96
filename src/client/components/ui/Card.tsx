import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Right side of the header, e.g. a button. */
  actions?: ReactNode;
  footer?: ReactNode;
  padded?: boolean;
}

export function Card({ title, description, actions, footer, padded = true, className, children, ...rest }: CardProps) {
  const hasHeader = title || description || actions;
  return (
    <section className={cn('rounded-card border border-line bg-surface shadow-card', className)} {...rest}>
      {hasHeader && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line px-5 py-4">
          <div className="min-w-0">
            {title && <h2 className="text-base font-semibold text-ink">{title}</h2>}
            {description && <p className="mt-1 text-sm text-ink-subtle">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={cn(padded && 'p-5')}>{children}</div>
      {footer && (
        <footer className="flex flex-wrap items-center justify-end gap-2 rounded-b-card border-t border-line bg-surface-muted/60 px-5 py-3">
          {footer}
        </footer>
      )}
    </section>
  );
}
