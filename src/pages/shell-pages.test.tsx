import { render, screen } from '@testing-library/react';
import ErrorPage, { copyForStatus } from './Error';
import AcceptableUse from './Legal/AcceptableUse';
import Cookie from './Legal/Cookie';
import Data from './Legal/Data';
import Privacy from './Legal/Privacy';
import Terms from './Legal/Terms';
import PwaInstall from './PwaInstall';
import Welcome from './Welcome';

const sharedProps = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' };
let mockPage = { url: '/', props: sharedProps as Record<string, unknown> };
jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => mockPage,
  // <Head> needs the Inertia app's head manager; page titles are covered by lib/title.test.ts.
  Head: () => null,
}));

describe('error pages', () => {
  it.each([
    [403, 'Access denied'],
    [404, 'Page not found'],
    [500, 'Something went wrong'],
    [503, 'Down for maintenance'],
  ])('%s shows "%s"', (status, title) => {
    render(<ErrorPage {...sharedProps} status={status} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(`Error ${status}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('falls back to the 500 wording for other statuses and prefers a server message', () => {
    expect(copyForStatus(418).title).toBe('Something went wrong');
    render(<ErrorPage {...sharedProps} status={500} message="Queue is down" />);
    expect(screen.getByText('Queue is down')).toBeInTheDocument();
  });
});

describe('legal pages', () => {
  it.each([
    ['/legal/terms', Terms, 'Terms of Service'],
    ['/legal/privacy', Privacy, 'Privacy Policy'],
    ['/legal/cookie', Cookie, 'Cookie Policy'],
    ['/legal/data', Data, 'Data Policy'],
    ['/legal/acceptable-use', AcceptableUse, 'Acceptable Use Policy'],
  ])('%s renders its document with contents', (url, Page, title) => {
    mockPage = { url, props: sharedProps };
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Contents' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
  });
});

describe('Welcome', () => {
  it('invites guests to register or log in', () => {
    mockPage = { url: '/', props: sharedProps };
    render(<Welcome {...sharedProps} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('AI room designer')).toBeInTheDocument();
    // A full grid: as many feature cards as fill rows of two and of three.
    const features = screen.getByRole('heading', { name: 'Everything a modern listing needs' }).parentElement!;
    expect(features.querySelectorAll('ul > li')).toHaveLength(6);
  });

  it('asks AppLayout for the full width', () => {
    expect((Welcome as unknown as { layout: unknown }).layout).toEqual({ fullWidth: true });
  });
});

describe('PwaInstall', () => {
  it('explains how to install when the browser offers no prompt', () => {
    mockPage = { url: '/install', props: sharedProps };
    render(<PwaInstall {...sharedProps} />);
    expect(screen.getByRole('heading', { name: 'Install Reelty' })).toBeInTheDocument();
    expect(screen.getByText(/does not offer one-click install/)).toBeInTheDocument();
    expect(screen.getByText('iPhone and iPad (Safari)')).toBeInTheDocument();
  });
});
