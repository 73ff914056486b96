import { fireEvent, render, screen } from '@testing-library/react';
import { COOKIE_CONSENT_KEY } from '@/lib/consent';
import { mockMatchMedia } from '@/test-utils';
import { CookieConsent } from './CookieConsent';

describe('<CookieConsent />', () => {
  beforeEach(() => localStorage.clear());

  it('shows the banner until the visitor accepts, then remembers it', () => {
    const { unmount } = render(<CookieConsent />);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept cookies' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    unmount();

    render(<CookieConsent />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('shows no banner in installed-app mode and records consent', () => {
    const restore = mockMatchMedia(['(display-mode: standalone)']);
    render(<CookieConsent />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('accepted');
    restore();
  });
});
