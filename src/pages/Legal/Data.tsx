import { LegalDocument, type LegalSection } from '@/components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Where your data is stored',
    body: (
      <p>
        Account data is kept in managed databases; uploaded videos and images are kept in object storage and delivered
        through a content network. Backups are encrypted and kept for a limited period.
      </p>
    ),
  },
  {
    heading: 'Exporting your data',
    body: (
      <p>
        You can ask for a copy of your data — profile, listings, videos, designs and messages — in a machine-readable
        format. We answer within 30 days and usually much sooner.
      </p>
    ),
  },
  {
    heading: 'Correcting your data',
    body: <p>Most details can be changed directly in Settings. For anything you cannot change yourself, contact us.</p>,
  },
  {
    heading: 'Deleting your data',
    body: (
      <ul>
        <li>Delete your account from Settings → Delete account; you will be asked to confirm your password.</li>
        <li>
          Your profile, listings, videos and designs are removed; messages you sent may remain visible to recipients in
          anonymised form.
        </li>
        <li>Backups roll off within 30 days.</li>
      </ul>
    ),
  },
  {
    heading: 'Data processors',
    body: (
      <p>
        We use providers for hosting, storage, email, payments, real-time messaging and AI image generation. Each
        receives only the data it needs and is bound by a data-processing agreement.
      </p>
    ),
  },
  {
    heading: 'Breach notification',
    body: (
      <p>If a breach affects your personal data we will inform you and the relevant authorities as the law requires.</p>
    ),
  },
  {
    heading: 'Making a request',
    body: <p>Email privacy@reelty.app from the address on your account. We may ask you to confirm your identity.</p>,
  },
];

export default function Data() {
  return (
    <LegalDocument
      title="Data Policy"
      updated="2025-01-15"
      intro={<p>How we store your data and how you can export, correct or delete it.</p>}
      sections={sections}
    />
  );
}
