import { router } from '@inertiajs/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CloseIcon, MenuIcon } from '@/components/icons';
import type { AuthUser } from '@/types';

const loadPanel = () => import('./MobileMenuPanel');
const MobileMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileMenuPanel })));

/** Fetches the panel's chunk once the page has rendered and the browser is idle, so a tap finds it loaded. */
function prefetchPanelWhenIdle(): () => void {
  const prefetch = () => void loadPanel().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(prefetch, 1500);
  return () => window.clearTimeout(handle);
}

/** Hamburger panel for phones: every destination, including account links. */
export function MobileMenu({ user }: { user: AuthUser | null }) {
  const [open, setOpen] = useState(false);

  // Close after any navigation so the panel never covers the new page.
  useEffect(() => router.on('navigate', () => setOpen(false)), []);
  useEffect(() => prefetchPanelWhenIdle(), []);

  return (
    <div className="md:hidden">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        onPointerDown={() => void loadPanel().catch(() => undefined)}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        {open ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel user={user} />
        </Suspense>
      )}
    </div>
  );
}
