import { useEffect, useState } from 'react';
import { teamsApi } from '@/api/teams';
import { ApiError } from '@/lib/http';

/** Live handle check (debounced): null while unknown, 'available', or the server's reason it is not. */
export function useTeamHandleCheck(handle: string, teamId?: string, unchanged?: string) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!handle || handle === unchanged) return;
    const timer = setTimeout(() => {
      teamsApi.checkHandle(handle, teamId).then(
        () => setStatus('available'),
        (error: unknown) => {
          const field = error instanceof ApiError ? error.fieldErrors.handle : undefined;
          const reason = Array.isArray(field) ? field[0] : field;
          setStatus(reason ?? (error instanceof Error ? error.message : 'Could not check the handle.'));
        },
      );
    }, 350);
    return () => clearTimeout(timer);
  }, [handle, teamId, unchanged]);
  return status;
}

export const TEAM_TYPE_LABELS: Record<string, string> = {
  brokerage: 'Brokerage — a licensed firm whose agents list under a broker',
  team: 'Team — agents selling together',
  agency: 'Agency — marketing, media or staging for realtors',
  other: 'Other',
};
