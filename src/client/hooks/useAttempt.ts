import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/**
 * A button's call with its busy state: `attempt(work, fallback, key?)` is busy while `work` runs (follow-ups such
 * as a visit or a toast belong inside it) and resolves to its answer; a failure is toasted (the server's message,
 * else `fallback`) and resolves to undefined. `busy` says whether a call runs; `running` is the `key` of the one
 * that does (the row whose button spins). For a call that only reloads the page's props, use `actThenReload`.
 */
export function useAttempt() {
  const [running, setRunning] = useState<string | null>(null);
  const attempt = useCallback(
    async <R>(work: () => Promise<R>, fallback?: string, key = ''): Promise<R | undefined> => {
      setRunning(key);
      try {
        return await work();
      } catch (error) {
        notify.error(errorMessage(error, fallback));
        return undefined;
      } finally {
        setRunning(null);
      }
    },
    [],
  );
  return { busy: running !== null, running, attempt };
}
