/**
 * Which default layouts a page gets, outer → inner, by page name (pages that set their own `layout` component
 * skip these). Pure data with no imports: the app resolves these layouts before it renders a page
 * (resolve-layout.ts), and bench/client/budget.js counts their chunks in each page's weight.
 */
export type LayoutName = 'auth' | 'app' | 'settings' | 'admin';

export function layoutPlanFor(pageName: string): LayoutName[] {
  if (pageName.startsWith('Auth/')) return ['auth'];
  if (pageName.startsWith('Settings/')) return ['app', 'settings'];
  // The admin Metrics page sits in the console; a creator's own Metrics/Creator is an ordinary app page.
  if (pageName.startsWith('Admin/') || pageName === 'Metrics/Index') return ['app', 'admin'];
  return ['app'];
}

/** Source of each layout (AuthLayout ships in the app entry; the others are chunks loaded on demand). */
export const layoutSources: Record<LayoutName, string> = {
  auth: 'src/client/layouts/AuthLayout.tsx',
  app: 'src/client/layouts/AppLayout.tsx',
  settings: 'src/client/layouts/SettingsLayout.tsx',
  admin: 'src/client/layouts/AdminLayout.tsx',
};

/** AppLayout's signed-in parts (navigation, bell, account menu...): loaded before a signed-in user's first page. */
export const signedInChromeSource = 'src/client/layouts/parts/SignedInChrome.tsx';
