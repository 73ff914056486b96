import { router } from '@inertiajs/react';
import { adminPaths } from '@/api/admin';
import { ApiError } from '@/lib/http';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/**
 * Runs a destructive admin call; when the server answers 423 (no recent password confirmation) it sends the admin
 * to confirm and back to this page, where the action can be repeated. Other failures become a toast.
 */
export async function confirmed<R>(action: () => Promise<R>): Promise<R | undefined> {
  try {
    return await action();
  } catch (error) {
    if (!askedForPassword(error)) notify.error(errorMessage(error));
    return undefined;
  }
}

/** When the error is the server's 423 (no recent password confirmation), sends the admin to confirm and says true. */
export function askedForPassword(error: unknown): boolean {
  if (!(error instanceof ApiError && error.status === 423)) return false;
  notify.info('Please confirm your password, then repeat the action.');
  router.visit(adminPaths.confirmPassword(window.location.pathname + window.location.search));
  return true;
}
