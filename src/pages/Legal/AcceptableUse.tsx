import { LegalDocument, type LegalSection } from '@/components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Honest listings',
    body: (
      <ul>
        <li>Only list properties you are authorised to market.</li>
        <li>Describe price, size, features and condition accurately; label virtually staged or AI-generated images.</li>
        <li>Do not discriminate against buyers or renters on any basis protected by fair-housing law.</li>
      </ul>
    ),
  },
  {
    heading: 'Respectful communication',
    body: (
      <ul>
        <li>No harassment, threats, hate speech or sexually explicit content.</li>
        <li>No unsolicited bulk messages; respect a user who declines, mutes or blocks a chat.</li>
      </ul>
    ),
  },
  {
    heading: 'Content you do not own',
    body: <p>Do not upload photos, videos, music or floor plans without the rights to use them.</p>,
  },
  {
    heading: 'Security and fair use',
    body: (
      <ul>
        <li>Do not probe, scan or attack the service, or try to access other accounts.</li>
        <li>Do not scrape listings or profiles, or use automation that overloads the service.</li>
        <li>Do not game referral, affiliate or sweepstakes programmes with fake accounts.</li>
      </ul>
    ),
  },
  {
    heading: 'AI designer',
    body: (
      <p>
        Do not use the AI designer to create deceptive images of a property, images of real people without consent, or
        content that breaks this policy.
      </p>
    ),
  },
  {
    heading: 'Enforcement and reporting',
    body: (
      <p>
        We may remove content, limit features or suspend accounts that break this policy. Report abuse to
        abuse@reelty.app or through the report option in the app.
      </p>
    ),
  },
];

export default function AcceptableUse() {
  return (
    <LegalDocument
      title="Acceptable Use Policy"
      updated="2025-01-15"
      intro={<p>These rules keep Reelty trustworthy for realtors, buyers and viewers alike.</p>}
      sections={sections}
    />
  );
}
