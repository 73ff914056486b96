import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { AuthLayout } from './AuthLayout';
import { layoutPlanFor, type LayoutName } from './layout-plan';
import { loadSignedInChrome } from './signed-in-chrome';

// Layouts take any props (Inertia passes the page's layout props through).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Layout = ComponentType<any>;

/**
 * Only AuthLayout ships in the app entry (Login and Register are first visits); the others are chunks of their own,
 * loaded by `loadLayoutFor` while the page's chunk loads, so a page never renders before its layout.
 */
const loaders: Record<Exclude<LayoutName, 'auth'>, () => Promise<Layout>> = {
  app: () => import('./AppLayout').then((m) => m.AppLayout),
  settings: () => import('./SettingsLayout').then((m) => m.SettingsLayout),
  admin: () => import('./AdminLayout').then((m) => m.AdminLayout),
};

const loaded = new Map<LayoutName, Layout>([['auth', AuthLayout]]);
const pending = new Map<LayoutName, Promise<Layout>>();

function loadLayout(name: LayoutName): Promise<Layout> {
  const ready = loaded.get(name);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(name);
  if (!promise) {
    promise = loaders[name as Exclude<LayoutName, 'auth'>]().then(
      (layout) => {
        loaded.set(name, layout);
        return layout;
      },
      (error: unknown) => {
        pending.delete(name); // a failed chunk load may be retried on the next visit
        throw error;
      },
    );
    pending.set(name, promise);
  }
  return promise;
}

/**
 * Loads the default layouts of a page and, for a signed-in user, AppLayout's signed-in parts. The page resolver
 * awaits this beside the page's own chunk, so the first render already has its whole shell (no flash, no shift).
 */
export async function loadLayoutFor(pageName: string, signedIn = false): Promise<void> {
  await Promise.all([...layoutPlanFor(pageName).map(loadLayout), signedIn ? loadSignedInChrome() : Promise.resolve()]);
}

// Only reached when a page renders without `loadLayoutFor` first: the layout then suspends until its chunk loads.
const fallbacks = new Map<LayoutName, Layout>();
function fallbackLayout(name: LayoutName): Layout {
  let fallback = fallbacks.get(name);
  if (!fallback) {
    const Lazy = lazy(() => loadLayout(name).then((layout) => ({ default: layout })));
    // A function declaration, so Inertia takes it for a layout component rather than a layout callback.
    fallback = function LayoutLoading(props: Record<string, unknown>) {
      return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
    };
    fallbacks.set(name, fallback);
  }
  return fallback;
}

/**
 * Default (persistent) layout by page name, used when a page does not export its own `layout` component.
 * Arrays nest outer → inner.
 */
export function defaultLayoutFor(pageName: string): Layout | Layout[] {
  const layouts = layoutPlanFor(pageName).map((name) => loaded.get(name) ?? fallbackLayout(name));
  return layouts.length === 1 ? layouts[0] : layouts;
}
