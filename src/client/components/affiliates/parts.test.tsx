import { render, screen } from '@testing-library/react';
import { formatDate, TaxFormLink } from '@/components/affiliates/parts';

describe('TaxFormLink', () => {
  it("opens the form's file in a new tab, named by its kind and upload day", () => {
    const created = '2026-11-28T10:00:00.000Z';
    render(
      <TaxFormLink
        form={{
          id: 'f1',
          affiliate_id: 'a1',
          kind: 'w8ben',
          status: 'submitted',
          file_url: '/media/tax/f1.pdf',
          review_note: null,
          created_at: created,
        }}
      />,
    );
    const link = screen.getByRole('link', { name: `W8BEN · ${formatDate(created)}` });
    expect(link).toHaveAttribute('href', '/media/tax/f1.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
  });
});
