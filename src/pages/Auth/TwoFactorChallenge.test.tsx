import { render, screen } from '@testing-library/react';
import TwoFactorChallenge from './TwoFactorChallenge';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({ url: '/two-factor-challenge', props: { errors: {} } }),
  Head: () => null,
  useForm: () => ({
    data: { code: '', recovery_code: '' },
    errors: { code: 'The provided two factor authentication code was invalid.' },
    processing: false,
    setData: jest.fn(),
    post: jest.fn(),
    transform: jest.fn(),
    reset: jest.fn(),
    clearErrors: jest.fn(),
  }),
}));

describe('two-factor challenge', () => {
  it('spaces out only the code: its label and error keep the normal text style', () => {
    render(<TwoFactorChallenge />);
    const input = screen.getByLabelText('Code');
    expect(input.className).toMatch(/font-mono/);
    expect(input.className).toMatch(/tracking-\[0\.5em\]/);
    const label = screen.getByText('Code', { selector: 'label' });
    const error = screen.getByText(/code was invalid/);
    for (const element of [label, error]) {
      expect(element.closest('.font-mono')).toBeNull();
      expect(element.closest('[class*="tracking-[0.5em]"]')).toBeNull();
    }
  });
});
