import { useEffect, useState } from 'react';
import { useEcho, useConnectionState } from './useEcho';

const MESSAGES = {
  offline: 'You are offline. Live updates will resume when the connection is back.',
  unavailable: 'Live updates are unavailable. Reconnecting…',
  connecting: 'Reconnecting to live updates…',
} as const;

/**
 * A slim banner while the live connection is down. Nothing when connected, when real-time is
 * disabled, or during the very first connect (no flash on page load).
 */
export function ConnectionBanner() {
  const echo = useEcho();
  const state = useConnectionState();
  const hasConnected = useHasConnected(state);
  // No connection configured (guests, real-time disabled): nothing to report.
  if (!echo || state === 'connected') return null;
  if (state === 'connecting' && !hasConnected) return null;
  const severe = state !== 'connecting';
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        'fixed inset-x-0 top-0 z-50 px-4 py-2 text-center text-sm font-medium shadow-sm ' +
        (severe
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/80 dark:text-amber-100'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')
      }
    >
      {MESSAGES[state]}
    </div>
  );
}

function useHasConnected(state: string): boolean {
  const [connectedOnce, setConnectedOnce] = useState(state === 'connected');
  useEffect(() => {
    if (state === 'connected') setConnectedOnce(true);
  }, [state]);
  return connectedOnce;
}
