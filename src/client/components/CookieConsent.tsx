import { Link } from '@inertiajs/react';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { acceptConsent, needsConsentBanner } from '@/lib/consent';
import { routes } from '@/routes';

/** Bottom banner until cookies are accepted; never shown in the installed app (auto-accepted). */
export function CookieConsent() {
  const [visible, setVisible] = useState(() => needsConsentBanner());
  if (!visible) return null;

  const accept = () => {
    acceptConsent();
    setVisible(false);
  };

  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-20 z-50 mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:inset-x-6 md:bottom-6 dark:border-slate-700 dark:bg-slate-900"
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
