import { formatTitle } from './title';

describe('formatTitle', () => {
  it('reads "Title - App name"', () => {
    expect(formatTitle('Log in', 'Reelty')).toBe('Log in - Reelty');
  });
  it('shows only the app name when the page has no title', () => {
    expect(formatTitle('', 'Reelty')).toBe('Reelty');
    expect(formatTitle(undefined, 'Acme')).toBe('Acme');
  });
  it('falls back to "Reelty" when the shared prop is missing', () => {
    expect(formatTitle('Feed', undefined)).toBe('Feed - Reelty');
    expect(formatTitle('Feed', '  ')).toBe('Feed - Reelty');
  });
});
