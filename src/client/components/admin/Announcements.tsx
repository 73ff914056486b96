import { Link } from '@inertiajs/react';
import type { AnnouncementJson } from '@contracts/admin-content';
import { useEffect, useMemo, useState } from 'react';
import { announcementsApi } from '@/api/admin';
import { useAuthUser, useSharedProps } from '@/hooks/useSharedProps';
import { logger } from '@/lib/logger';
import { notify } from '@/lib/toast';

const KEY = 'reelty.dismissedAnnouncements';
const dismissed = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};
/**
 * Closes an announcement in this browser and, for a signed-in user, on the server too, so it never shows to them
 * again on any device. Guests keep the browser's record only.
 */
const dismiss = (id: string, signedIn: boolean) => {
  try {
    localStorage.setItem(KEY, JSON.stringify([...dismissed(), id].slice(-50)));
  } catch {
    // Storage can be off; the announcement then shows again next visit (for guests).
  }
  if (signedIn)
    announcementsApi.dismiss(id).catch((error: unknown) => logger.warn('announcement dismissal failed', error));
};

/** Site-wide announcements from Admin Marketing: banners on top until closed, toasts once per person (or browser). */
export function Announcements() {
  const shared = useSharedProps().announcements as AnnouncementJson[] | undefined;
  const signedIn = Boolean(useAuthUser());
  const all = useMemo(() => shared ?? [], [shared]);
  const [closed, setClosed] = useState<string[]>([]);
  useEffect(() => {
    setClosed(dismissed());
  }, []);
  useEffect(() => {
    for (const a of all.filter((x) => x.style === 'toast' && !dismissed().includes(x.id))) {
      notify.info(a.body ? `${a.title}: ${a.body}` : a.title);
      dismiss(a.id, signedIn);
    }
  }, [all, signedIn]);
  const banners = all.filter((a) => a.style === 'banner' && !closed.includes(a.id));
  if (!banners.length) return null;
  return (
    <div className="space-y-px" data-testid="announcements">
      {banners.map((a) => (
        <div
          key={a.id}
          role="status"
          className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-brand-700 px-3 py-2 text-center text-sm text-white"
        >
          <strong>{a.title}</strong>
          {a.body && <span>{a.body}</span>}
          {a.url && (
            <Link href={a.url} className="underline">
              Learn more
            </Link>
          )}
          <button
            type="button"
            aria-label="Close announcement"
            className="ml-2 rounded px-1 hover:bg-white/20"
            onClick={() => {
              dismiss(a.id, signedIn);
              setClosed((c) => [...c, a.id]);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
