import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TemplateJson } from '@contracts/crm-marketing';
import { templatesApi } from '@/api/crm-marketing';
import { notify } from '@/lib/toast';
import { ContactEmailCard } from './ContactEmailCard';

jest.mock('@/api/crm-marketing', () => ({
  templatePaths: { email: '/email-templates' },
  templatesApi: { preview: jest.fn(), sendToContact: jest.fn() },
}));
jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const api = templatesApi as jest.Mocked<typeof templatesApi>;
const template = (id: string, name: string): TemplateJson => ({
  id,
  kind: 'email',
  name,
  subject: `${name} for {{first_name}}`,
  body: 'Hello {{first_name}}',
  updated_at: '2026-11-23T00:00:00.000Z',
});

describe('<ContactEmailCard />', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    api.preview.mockImplementation(async (b) => ({
      subject: b.subject.replace('{{first_name}}', 'Ann'),
      text: 'Hello Ann',
      html: '',
    }));
  });

  it('previews the chosen template for this contact and sends it through the contact route', async () => {
    const onSent = jest.fn();
    render(
      <ContactEmailCard
        contactId="c1"
        email="ann@x.co"
        templates={[template('t1', 'Update'), template('t2', 'Listing')]}
        onSent={onSent}
      />,
    );
    expect(await screen.findByText('Update for Ann')).toBeInTheDocument();
    expect(api.preview).toHaveBeenLastCalledWith(expect.objectContaining({ contact_id: 'c1' }));
    fireEvent.change(screen.getByLabelText('Template'), { target: { value: 't2' } });
    expect(await screen.findByText('Listing for Ann')).toBeInTheDocument();
    api.sendToContact.mockResolvedValueOnce({ sent: 1, suppressed: 0, skipped: 0 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send email' })));
    expect(api.sendToContact).toHaveBeenCalledWith('c1', 't2');
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith('Email sent');
  });

  it('says when the address is suppressed, and offers nothing to send without an email', async () => {
    const { unmount } = render(
      <ContactEmailCard contactId="c1" email="ann@x.co" templates={[template('t1', 'Update')]} onSent={jest.fn()} />,
    );
    await screen.findByText('Update for Ann');
    api.sendToContact.mockResolvedValueOnce({ sent: 0, suppressed: 1, skipped: 0 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send email' })));
    expect(notify.error).toHaveBeenCalledWith(expect.stringContaining('suppression list'));
    unmount();
    render(<ContactEmailCard contactId="c2" email={null} templates={[template('t1', 'Update')]} onSent={jest.fn()} />);
    expect(screen.getByText('This contact has no email address.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send email' })).not.toBeInTheDocument();
  });
});
