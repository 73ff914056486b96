import { router } from '@inertiajs/react';
import { errorMessage } from './errors';
import { notify } from './toast';

function serverMessage(answer: unknown): string | undefined {
  const message = (answer as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** After an action went through: toast `done` (else the server's `message`, if any) and reload the page's props. */
export function reloadWithMessage(answer: unknown, done?: string): void {
  const message = done ?? serverMessage(answer);
  if (message) notify.success(message);
  router.reload();
}

/**
 * One button's server action on a page that shows server state: when it succeeds, toast `done` (else the server's
 * `message`) and reload the page's props so the page shows the new state; when it fails, toast the server's message
 * (else `fallback`) and leave the page as it was. Resolves to the answer, or undefined after a failure.
 */
export async function actThenReload<R>(
  work: () => Promise<R>,
  fallback?: string,
  done?: string,
): Promise<R | undefined> {
  try {
    const answer = await work();
    reloadWithMessage(answer, done);
    return answer;
  } catch (error) {
    notify.error(errorMessage(error, fallback));
    return undefined;
  }
}
