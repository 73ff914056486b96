import { LegalDocument, type LegalSection } from '@/components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'What cookies and local storage are',
    body: (
      <p>
        Cookies are small text files a website stores in your browser. Local storage is a similar browser feature that
        keeps settings on your device. We use both, only for the purposes listed below.
      </p>
    ),
  },
  {
    heading: 'Strictly necessary',
    body: (
      <ul>
        <li>Session cookie: keeps you signed in between pages.</li>
        <li>XSRF-TOKEN cookie: protects your forms against cross-site request forgery.</li>
        <li>Cookie consent (local storage): remembers that you accepted this notice.</li>
      </ul>
    ),
  },
  {
    heading: 'Preferences',
    body: (
      <ul>
        <li>Theme (local storage): remembers whether you chose dark or light mode.</li>
        <li>Logging level (local storage): how much diagnostic detail the app writes to your browser console.</li>
      </ul>
    ),
  },
  {
    heading: 'Referrals',
    body: (
      <p>
        When you arrive through an affiliate link, we store the referral code with the time you arrived (local storage),
        so the affiliate can be credited if you sign up. A newer referral link replaces an older one.
      </p>
    ),
  },
  {
    heading: 'Offline and installed app',
    body: (
      <p>
        If you install Reelty as an app, a service worker keeps a copy of the application files on your device so it
        starts quickly and shows a helpful page when you are offline. It does not store your private data. In the
        installed app, cookie consent is recorded automatically because installing it is your choice to use these
        essentials.
      </p>
    ),
  },
  {
    heading: 'Managing cookies',
    body: (
      <p>
        You can delete cookies and site data in your browser settings. Blocking strictly necessary cookies will stop you
        from signing in.
      </p>
    ),
  },
];

export default function Cookie() {
  return (
    <LegalDocument
      title="Cookie Policy"
      updated="2025-01-15"
      intro={
        <p>
          We keep cookies to the minimum needed to run Reelty and remember your preferences. We do not use advertising
          cookies.
        </p>
      }
      sections={sections}
    />
  );
}
