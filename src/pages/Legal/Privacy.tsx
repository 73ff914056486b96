import { Link } from '@inertiajs/react';
import { LegalDocument, type LegalSection } from '@/components/LegalDocument';
import { routes } from '@/routes';

const sections: LegalSection[] = [
  {
    heading: 'Information we collect',
    body: (
      <ul>
        <li>
          Account details: name, email address, handle, password (stored only as a one-way hash), profile photo and
          timezone.
        </li>
        <li>Content you create: listings, videos, images, design prompts, messages and comments.</li>
        <li>
          Usage data: pages visited, device and browser type, approximate location from your IP address, and error logs.
        </li>
        <li>Market searches: locations and radius you search, so we can show nearby listings.</li>
        <li>
          Payment records: what you bought and when; card details are handled by our payment processor, not stored by
          us.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <ul>
        <li>To run the service: show your listings, deliver messages and notifications, generate designs.</li>
        <li>To keep accounts secure: sign-in protection, fraud and abuse detection, rate limiting.</li>
        <li>To improve Reelty: aggregated analytics about which features are used.</li>
        <li>To contact you about your account and, if you opt in, about product news.</li>
      </ul>
    ),
  },
  {
    heading: 'Legal bases',
    body: (
      <p>
        We process data to perform our contract with you, to meet legal obligations, for our legitimate interests in
        operating a secure and useful service, and with your consent where it is required (for example marketing email).
      </p>
    ),
  },
  {
    heading: 'Sharing',
    body: (
      <p>
        Public parts of your profile and published listings are visible to everyone. We share data with service
        providers who host, store, transcode video, send email, process payments and deliver real-time messages for us,
        under contracts that restrict their use. We disclose data when the law requires it. We do not sell personal
        data.
      </p>
    ),
  },
  {
    heading: 'Retention',
    body: (
      <p>
        We keep account data while your account is open. When you delete your account we remove or anonymise your
        personal data within 30 days, except records we must keep for legal, tax or security reasons.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        Depending on where you live you may access, correct, export or delete your data, object to or restrict
        processing, and withdraw consent. See our <Link href={routes.legal.data}>Data Policy</Link> for how to make a
        request.
      </p>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Connections are encrypted, passwords are hashed with a memory-hard algorithm, sessions are protected against
        cross-site request forgery, and two-factor authentication is available for every account.
      </p>
    ),
  },
  {
    heading: 'Children',
    body: <p>Reelty is not intended for anyone under 18, and we do not knowingly collect their data.</p>,
  },
  {
    heading: 'Contact',
    body: <p>Privacy questions and requests: privacy@reelty.app.</p>,
  },
];

export default function Privacy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="2025-01-15"
      intro={<p>This policy explains what personal data Reelty collects, why, and the choices you have.</p>}
      sections={sections}
    />
  );
}
