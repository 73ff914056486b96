import { usePage } from '@inertiajs/react';
import type { SharedProps } from '@/types';

/** The shared props of the current page, typed (auth, appName, csrfToken, ...). */
export function useSharedProps(): SharedProps {
  return usePage().props as unknown as SharedProps;
}

export function useAuthUser() {
  return useSharedProps().auth?.user ?? null;
}

export function useAppName(): string {
  return useSharedProps().appName || 'Reelty';
}
