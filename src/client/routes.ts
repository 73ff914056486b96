/**
 * URLs the shell links to. The server owns the routes; keep this list in step
 * with it (paths the spec does not state were chosen here and shared with the server team).
 */
export const routes = {
  home: '/',
  login: '/login',
  register: '/register',
  logout: '/logout',
  dashboard: '/dashboard',
  feed: '/feed',
  market: '/market',
  listings: '/listings',
  designer: '/designer',
  chats: '/chats',
  orders: '/orders',
  notifications: '/notifications',
  install: '/install',
  admin: '/admin',
  credits: '/credits',
  /** Where credits are bought (the commerce area's storefront). */
  marketplace: '/marketplace',
  legal: {
    terms: '/legal/terms',
    privacy: '/legal/privacy',
    cookie: '/legal/cookie',
    data: '/legal/data',
    acceptableUse: '/legal/acceptable-use',
  },
  settings: {
    profile: '/settings/profile',
    password: '/settings/password',
    twoFactor: '/settings/two-factor',
    timezone: '/settings/timezone',
    notifications: '/settings/notifications',
    addresses: '/settings/addresses',
    connectedAccounts: '/settings/connected-accounts',
    sessions: '/settings/sessions',
    deleteAccount: '/settings/delete-account',
  },
} as const;

/** True when `current` (a page URL, maybe with query) is `href` or below it. */
export function isActivePath(current: string, href: string): boolean {
  const path = current.split(/[?#]/)[0].replace(/^https?:\/\/[^/]+/, '') || '/';
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
