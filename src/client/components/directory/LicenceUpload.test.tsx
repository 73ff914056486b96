import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ServiceProviderDetail } from '@contracts/directory';
import { LicenceUpload } from '@/components/directory/LicenceUpload';
import { notify } from '@/lib/toast';
import { respondJson } from '@/test-utils';

jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const provider = { id: 'p1', verified: false, licence_document: null } as unknown as ServiceProviderDetail;

describe('LicenceUpload', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    jest.clearAllMocks();
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const choose = async () => {
    const input = screen.getByLabelText('Licence document') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' })] } });
    });
    return input;
  };

  it('uploads the chosen file, thanks with the answer and hands the provider back', async () => {
    const onSaved = jest.fn();
    render(<LicenceUpload provider={provider} onSaved={onSaved} />);
    fetchMock.mockImplementationOnce(() => respondJson(200, { message: 'Licence uploaded', provider: { id: 'p1' } }));
    await choose();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/service-profile/licence');
    expect(notify.success).toHaveBeenCalledWith('Licence uploaded');
    expect(onSaved).toHaveBeenCalledWith({ id: 'p1' });
  });

  it("toasts the server's refusal and saves nothing", async () => {
    const onSaved = jest.fn();
    render(<LicenceUpload provider={provider} onSaved={onSaved} />);
    fetchMock.mockImplementationOnce(() => respondJson(422, { message: 'The file is not a PDF, JPEG or PNG.' }));
    await choose();
    expect(notify.error).toHaveBeenCalledWith('The file is not a PDF, JPEG or PNG.');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Upload licence' })).toBeEnabled();
  });
});
