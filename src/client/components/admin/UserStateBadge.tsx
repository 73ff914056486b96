import type { AdminUserState } from '@contracts/admin';
import { cn } from '@/lib/cn';

const styles: Record<AdminUserState, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  suspended: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  deleted: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

export function UserStateBadge({ state }: { state: AdminUserState }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', styles[state])} data-testid="user-state">
      {state}
    </span>
  );
}
