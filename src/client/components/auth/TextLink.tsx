import { Link, type InertiaLinkProps } from '@inertiajs/react';
import { cn } from '@/lib/cn';

/** An inline text link in auth and settings copy. */
export function TextLink({ className, ...rest }: InertiaLinkProps) {
  return (
    <Link
      className={cn(
        'font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-300',
        className,
      )}
      {...rest}
    />
  );
}
