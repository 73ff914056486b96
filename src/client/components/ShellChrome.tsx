import { ConnectionBanner } from '@/echo';
import { AppToaster } from './AppToaster';
import { CookieConsent } from './CookieConsent';
import { InstalledAppSpinner } from './InstalledAppSpinner';

/** App-wide pieces rendered once beside the Inertia page tree. */
export function ShellChrome() {
  return (
    <>
      <AppToaster />
      <CookieConsent />
      <InstalledAppSpinner />
      <ConnectionBanner />
    </>
  );
}
