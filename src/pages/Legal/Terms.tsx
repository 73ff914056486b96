import { Link } from '@inertiajs/react';
import { LegalDocument, type LegalSection } from '@/components/LegalDocument';
import { routes } from '@/routes';

const sections: LegalSection[] = [
  {
    heading: 'Who we are and what these terms cover',
    body: (
      <p>
        These terms govern your use of Reelty, a platform where realtors and teams publish property listings with video
        walkthroughs and short spots, chat with their audience, and create room designs with AI. By creating an account
        or using the service you agree to these terms. If you use Reelty on behalf of a brokerage or team, you confirm
        that you may accept them for that organisation.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <ul>
        <li>You must be at least 18 years old and give accurate registration details.</li>
        <li>
          Keep your password safe and turn on two-factor authentication; you are responsible for activity on your
          account.
        </li>
        <li>Your handle must not impersonate another person, brokerage or brand.</li>
        <li>Tell us promptly if you believe your account has been accessed without permission.</li>
      </ul>
    ),
  },
  {
    heading: 'Listings and content you publish',
    body: (
      <>
        <p>
          You keep ownership of the listings, videos, images and messages you upload. You grant Reelty a worldwide,
          non-exclusive licence to host, store, transcode, display and distribute that content for the purpose of
          running and promoting the service, for as long as it stays on Reelty.
        </p>
        <p>
          You confirm that you have the right to publish each property, that listing details are accurate and not
          misleading, and that your content complies with fair-housing and advertising laws where the property is
          located.
        </p>
      </>
    ),
  },
  {
    heading: 'AI room designer and credits',
    body: (
      <p>
        Generated designs are illustrations of possible interiors, not representations of a property's actual condition.
        Label them as virtual staging when you use them in marketing. Generations use image credits; credits have no
        cash value, are not transferable, and may expire as shown at the time of purchase.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        You agree to follow our <Link href={routes.legal.acceptableUse}>Acceptable Use Policy</Link>. We may remove
        content or suspend accounts that break it.
      </p>
    ),
  },
  {
    heading: 'Payments, orders and refunds',
    body: (
      <p>
        Prices are shown before you pay. Paid features renew or end as described at checkout. Where the law gives you a
        right to cancel or to a refund, we honour it; otherwise purchases of digital goods and used credits are final.
      </p>
    ),
  },
  {
    heading: 'Availability and changes',
    body: (
      <p>
        We work to keep Reelty available but do not promise uninterrupted service. We may change or retire features;
        when a change materially affects you we will tell you in advance. We may update these terms and will notify you
        of significant changes by email or in the app.
      </p>
    ),
  },
  {
    heading: 'Liability',
    body: (
      <p>
        Reelty is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability for any claim is limited to the amount you paid us in the twelve months before
        it arose. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    heading: 'Ending your account',
    body: (
      <p>
        You can delete your account at any time from Settings. We may suspend or close accounts that break these terms,
        after notice where reasonable. Sections that by their nature should survive termination will continue to apply.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: <p>Questions about these terms: legal@reelty.app.</p>,
  },
];

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="2025-01-15"
      intro={
        <p>Please read these terms carefully. They explain your rights and responsibilities when you use Reelty.</p>
      }
      sections={sections}
    />
  );
}
