import { useEffect, useState } from 'react';
import { teamsApi } from '@/api/teams';
import { ApiError } from '@/lib/http';

/** Live handle check (debounced): null while unknown, 'available', or the server's reason it is not. */
export function useTeamHandleCheck(handle: string, teamId?: string, unchanged?: string) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!handle || handle === unchanged) return;
    // A check still in flight when the handle changes answers for the old handle: it is dropped.
    let current = true;
    const timer = setTimeout(() => {
      teamsApi.checkHandle(handle, teamId).then(
        () => current && setStatus('available'),
        (error: unknown) => {
          if (!current) return;
          const field = error instanceof ApiError ? error.fieldErrors.handle : undefined;
          const reason = Array.isArray(field) ? field[0] : field;
          setStatus(reason ?? (error instanceof Error ? error.message : 'Could not check the handle.'));
        },
      );
    }, 350);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [handle, teamId, unchanged]);
  return status;
}

export const TEAM_TYPE_LABELS: Record<string, string> = {
  brokerage: 'Brokerage — a licensed firm whose agents list under a broker',
  team: 'Team — agents selling together',
  agency: 'Agency — marketing, media or staging for realtors',
  other: 'Other',
};
