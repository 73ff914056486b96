import { act, fireEvent, render, screen } from '@testing-library/react';
import { notify } from '@/lib/toast';
import DesignerIndex from './Index';
import { jsonResponse } from '@/test-utils';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/designer'));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const json = jsonResponse;

const props = {
  appName: 'Reelty',
  auth: { user: null },
  errors: {},
  csrfToken: 't',
  credits: 0,
  cost: 1,
  engine: { name: 'local', label: 'Local preview engine', model: 'reelty-local-restyle-v1' },
  catalog: {
    roomTypes: ['Living room', 'Bedroom'],
    themes: ['Modern', 'Coastal'],
    palettes: { 'Ocean blues': ['#e6f1f8', '#7fb2d6', '#1f4e79'] },
    designers: ['Any'],
  },
  prompts: [],
  recent: [],
};

describe('Designer/Index', () => {
  beforeEach(() => jest.clearAllMocks());

  it('names the local engine honestly and blocks generating without credits', () => {
    render(<DesignerIndex {...props} />);
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('Local preview engine');
    expect(screen.getByText(/Furniture is not added/)).toBeInTheDocument();
    expect(screen.getByTestId('generate-button')).toBeDisabled();
    expect(screen.getByText(/You need 1 credit/)).toBeInTheDocument();
  });

  it('saves a prompt: "Prompt saved successfully!", and "Failed to save prompt" on error', async () => {
    global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      return json(201, {
        message: 'Prompt saved successfully!',
        prompt: {
          id: 'p1',
          name: body.name,
          prompt: body.prompt,
          options: body.options,
          created_at: '2026-01-01T00:00:00Z',
        },
      });
    }) as unknown as typeof fetch;
    render(<DesignerIndex {...props} />);
    fireEvent.change(screen.getByLabelText('Prompt name'), { target: { value: 'Cosy' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-prompt')));
    expect(notify.success).toHaveBeenCalledWith('Prompt saved successfully!');
    expect(screen.getByText('Cosy')).toBeInTheDocument();

    global.fetch = jest.fn(async () => json(500, { message: 'down' })) as unknown as typeof fetch;
    await act(async () => fireEvent.click(screen.getByTestId('save-prompt')));
    expect(notify.error).toHaveBeenCalledWith('Failed to save prompt');
  });
});
