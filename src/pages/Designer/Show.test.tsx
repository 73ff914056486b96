import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Design } from '@contracts/designs';
import { notify } from '@/lib/toast';
import DesignerShow from './Show';
import { aDesign, jsonResponse } from '@/test-utils';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/designer/d1'));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const json = jsonResponse;

const steps = ['Initializing', 'Processing the original image', 'Generating the AI design', 'Upscaling', 'Finalizing'];
const failed: Design = aDesign({
  options: { theme: 'Modern', roomType: 'Kitchen' },
  status: 'failed',
  progress: 45,
  current_step: 'Generating the AI design',
  progress_steps: steps.map((message, i) => ({
    message,
    status: i < 2 ? 'completed' : i === 2 ? 'in_progress' : 'pending',
    completed: i < 2,
  })),
  failure_reason: 'OpenAI answered 400: rejected. Your credits were refunded.',
  provider: 'openai',
});

const props = {
  appName: 'Reelty',
  auth: { user: null },
  errors: {},
  csrfToken: 't',
  credits: 2,
  cost: 1,
  engine: { name: 'openai', label: 'OpenAI · gpt-image-1', model: 'gpt-image-1' },
  catalog: { roomTypes: [], themes: [], palettes: {}, designers: [] },
};

describe('Designer/Show', () => {
  beforeEach(() => jest.clearAllMocks());

  it('shows the failure reason and retries: "Retrying design generation...", then the steps start over', async () => {
    global.fetch = jest.fn(async () =>
      json(200, {
        message: 'Retrying design generation...',
        design: {
          ...failed,
          status: 'pending',
          progress: 0,
          failure_reason: null,
          progress_steps: steps.map((message) => ({ message, status: 'pending', completed: false })),
        },
      }),
    ) as unknown as typeof fetch;
    render(<DesignerShow {...props} design={failed} />);
    expect(screen.getByText('OpenAI answered 400: rejected. Your credits were refunded.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('retry-button')));
    expect(notify.info).toHaveBeenCalledWith('Retrying design generation...');
    expect(screen.getByTestId('progress-value')).toHaveTextContent('0%');
    expect(document.querySelectorAll('[data-step-state="pending"]')).toHaveLength(5);
  });

  it('says "Failed to retry design generation" when the retry call fails', async () => {
    global.fetch = jest.fn(async () => json(402, { message: 'Not enough image credits' })) as unknown as typeof fetch;
    render(<DesignerShow {...props} design={failed} />);
    await act(async () => fireEvent.click(screen.getByTestId('retry-button')));
    expect(notify.error).toHaveBeenCalledWith('Failed to retry design generation');
  });
});
