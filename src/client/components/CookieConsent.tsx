import { Link } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { acceptConsent, needsConsentBanner } from '@/lib/consent';
import { routes } from '@/routes';

/** Pages shown inside another site's iframe (embeds) never carry the banner: the host site owns that page. */
export function isEmbedded(): boolean {
  return isFramed() || (typeof window !== 'undefined' && window.location.pathname.startsWith('/embed/'));
}

/** True inside an iframe (a cross-origin parent that refuses the comparison counts as framed). */
export function isFramed(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * Banner until cookies are accepted; never shown in the installed app (auto-accepted) nor in embeds.
 * On a phone it sits at the top, so it never covers the feed's price and address at the bottom.
 */
export function CookieConsent() {
  const [visible, setVisible] = useState(() => needsConsentBanner() && !isEmbedded());
  if (!visible) return null;

  const accept = () => {
    acceptConsent();
    setVisible(false);
  };

  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-3 top-3 z-50 mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-3 shadow-2xl sm:inset-x-6 sm:p-4 md:top-auto md:bottom-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          We use cookies to keep you signed in, protect forms and remember your preferences. See our{' '}
          <Link href={routes.legal.cookie} className="font-medium text-brand-700 underline dark:text-brand-300">
            cookie policy
          </Link>
          .
        </p>
        <Button onClick={accept} className="shrink-0">
          Accept cookies
        </Button>
      </div>
    </div>
  );
}
