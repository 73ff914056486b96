import type { ImpersonationState } from '@contracts/admin';
import { useState } from 'react';
import { adminApi } from '@/api/admin';
import { useSharedProps } from '@/hooks/useSharedProps';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** On every page while an admin acts as someone else: who, and the one click back. */
export function ImpersonationBanner() {
  const state = useSharedProps().impersonation as ImpersonationState | null | undefined;
  const [busy, setBusy] = useState(false);
  if (!state) return null;
  const end = async () => {
    setBusy(true);
    try {
      const { redirect } = await adminApi.endImpersonation();
      // A full load: the session (and its CSRF token) changed.
      window.location.assign(redirect);
    } catch (error) {
      notify.error(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-400 px-3 py-2 text-center text-sm font-medium text-amber-950"
    >
      <span>
        {state.admin_name}, you are acting as <strong>{state.user_name}</strong>.
      </span>
      <button
        type="button"
        onClick={end}
        disabled={busy}
        className="rounded-control bg-amber-950 px-3 py-1 text-xs font-semibold text-amber-50 hover:bg-amber-900 disabled:opacity-60"
      >
        Stop impersonating
      </button>
    </div>
  );
}
