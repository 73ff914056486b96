import { router } from '@inertiajs/react';
import { useState } from 'react';
import { notify } from '@/lib/toast';
import { confirmed } from './confirmed';

/**
 * One admin action from a list row: busy while it runs, its message as a toast, then the named props reloaded.
 * A 423 (password not confirmed lately) goes through the confirmation and back, like every destructive action.
 */
export function useAdminAction(reloadOnly: string[]) {
  const [busy, setBusy] = useState(false);
  const run = async <R extends { message: string }>(work: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    const result = await confirmed(work);
    setBusy(false);
    if (result) {
      notify.success(result.message);
      router.reload({ only: reloadOnly });
    }
    return result;
  };
  return { busy, run };
}
