import { cn } from '@/lib/cn';

export interface FieldErrorProps {
  id?: string;
  message?: string | null;
  className?: string;
}

/** A validation message under a field; renders nothing when there is no message. */
export function FieldError({ id, message, className }: FieldErrorProps) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('mt-1 text-sm text-red-600 dark:text-red-400', className)}>
      {message}
    </p>
  );
}
