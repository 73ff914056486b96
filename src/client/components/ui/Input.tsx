import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block w-full rounded-control border bg-surface px-3 py-2 text-sm text-ink shadow-card placeholder:text-ink-subtle focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60';

export function controlStateClasses(invalid?: boolean): string {
  return invalid
    ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30 dark:border-red-400'
    : 'border-line-strong focus:border-brand-500 focus:ring-brand-500/30';
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ invalid, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(controlClasses, controlStateClasses(invalid), 'h-10', className)}
      {...rest}
    />
  );
}
