import { cn } from '@/lib/cn';

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export interface AvatarProps {
  name: string;
  url?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm', lg: 'h-16 w-16 text-lg' } as const;

export function Avatar({ name, url, size = 'sm', className }: AvatarProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (url) return <img src={url} alt="" className={cn(classes, 'object-cover')} />;
  return (
    <span
      aria-hidden="true"
      className={cn(classes, 'bg-brand-100 font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-200')}
    >
      {initials(name)}
    </span>
  );
}
