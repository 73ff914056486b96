import { fireEvent, render, screen, within } from '@testing-library/react';
import { aUser } from '@/test-utils';
import type { AuthUser } from '@/types';
import { AppLayout } from './AppLayout';
import { AdminLayout } from './AdminLayout';
import { AuthLayout } from './AuthLayout';
import { defaultLayoutFor, loadLayoutFor } from './resolve-layout';
import { loadSignedInChrome } from './signed-in-chrome';
import { SettingsLayout } from './SettingsLayout';

let mockPage: { url: string; props: Record<string, unknown> } = { url: '/', props: {} };
jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => mockPage,
}));

const user = aUser();

const pageAs = (url: string, authUser: AuthUser | null) => {
  mockPage = { url, props: { appName: 'Reelty', auth: { user: authUser }, errors: {}, csrfToken: 't' } };
};

describe('default layouts by page name', () => {
  it('uses AuthLayout for Auth/*, AppLayout + SettingsLayout for Settings/*, + AdminLayout for Admin/*, AppLayout otherwise', async () => {
    // AuthLayout ships with the app; the others are loaded (as the page resolver does) before a page renders.
    expect(defaultLayoutFor('Auth/Login')).toBe(AuthLayout);
    await Promise.all(['Settings/Profile', 'Admin/Sweepstakes/Draw', 'Feed/Index'].map((name) => loadLayoutFor(name)));
    expect(defaultLayoutFor('Settings/Profile')).toEqual([AppLayout, SettingsLayout]);
    expect(defaultLayoutFor('Admin/Sweepstakes/Draw')).toEqual([AppLayout, AdminLayout]);
    expect(defaultLayoutFor('Metrics/Index')).toEqual([AppLayout, AdminLayout]);
    expect(defaultLayoutFor('Metrics/Creator')).toBe(AppLayout);
    expect(defaultLayoutFor('Feed/Index')).toBe(AppLayout);
  });

  it('layouts are function declarations, so Inertia does not mistake them for layout callbacks', () => {
    for (const layout of [AppLayout, AuthLayout, SettingsLayout, AdminLayout]) expect(layout.prototype).toBeDefined();
  });
});

describe('<AppLayout />', () => {
  // The page resolver loads the signed-in parts before a signed-in user's page renders (resolve-layout.ts).
  beforeAll(() => loadSignedInChrome());

  it('offers Log in and Register to guests', () => {
    pageAs('/', null);
    render(<AppLayout>content</AppLayout>);
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByText('content')).toBeInTheDocument();
  });

  it('shows the main areas, the bell and the account menu to a signed-in user', () => {
    pageAs('/listings/42', user);
    render(<AppLayout>content</AppLayout>);
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    for (const label of ['Feed', 'Market', 'Listings', 'Designer', 'Chats']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Listings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Settings/ })).toHaveAttribute('href', '/settings/profile');
    expect(within(menu).getByRole('menuitem', { name: /Log out/ })).toBeInTheDocument();
  });

  it("opens the phone menu (its own chunk) with every main area and a guest's Log in", async () => {
    pageAs('/', null);
    render(<AppLayout>content</AppLayout>);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Wiki' })).toHaveAttribute('href', '/wiki');
    expect(screen.getAllByRole('link', { name: 'Log in' }).length).toBeGreaterThan(1);
  });

  it('links the legal pages in the footer', () => {
    pageAs('/', null);
    render(<AppLayout />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/legal/terms');
    expect(within(legal).getByRole('link', { name: 'Acceptable use' })).toHaveAttribute(
      'href',
      '/legal/acceptable-use',
    );
  });
});

describe('<SettingsLayout />', () => {
  it('lists every settings section and marks the current one', () => {
    pageAs('/settings/two-factor', user);
    render(<SettingsLayout settingsTitle="Two-factor authentication">form</SettingsLayout>);
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    expect(within(nav).getByRole('link', { name: 'Two-factor' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Delete account' })).toHaveAttribute(
      'href',
      '/settings/delete-account',
    );
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
  });
});

describe('<AuthLayout />', () => {
  it('renders the heading and intro around the form', () => {
    pageAs('/login', null);
    render(
      <AuthLayout heading="Log in" intro="Welcome back">
        form
      </AuthLayout>,
    );
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
  });
});
