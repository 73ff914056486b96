import { cn } from '@/lib/cn';

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-[3px]' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Text for screen readers; pass "" when a surrounding element already says it is busy. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className={cn('animate-spin rounded-full border-current border-t-transparent opacity-80', sizes[size])}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
