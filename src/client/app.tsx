import '../../resources/css/app.css';
import { createInertiaApp, http, router } from '@inertiajs/react';
import { createRoot } from 'react-dom/client';
import { ShellChrome } from '@/components/ShellChrome';
import { configureEcho, type EchoSettings } from '@/echo';
import { defaultLayoutFor, loadLayoutFor } from '@/layouts/resolve-layout';
import { watchAffiliateRef } from '@/lib/affiliate-ref';
import { showFlash } from '@/lib/flash';
import { csrfHeaders, updateCsrfToken } from '@/lib/http';
import { initLogger, logger } from '@/lib/logger';
import { resolvePage } from '@/lib/page-resolver';
import { captureInstallPrompt, registerServiceWorker } from '@/lib/pwa';
import { formatTitle } from '@/lib/title';

initLogger();

// Lazy: each page becomes its own chunk. Tests beside pages are not pages.
const pageLoaders = import.meta.glob(['../pages/**/*.tsx', '!../pages/**/*.test.tsx']);

// Affiliate ref: at load, after every Inertia navigation, and on back/forward (popstate).
watchAffiliateRef((onNavigate) => router.on('navigate', (event) => onNavigate(event.detail.page.url)));

// Flash toasts: v3 `page.flash`, plus `props.flash` for responses that carry it there.
router.on('flash', (event) => showFlash(event.detail.flash));
router.on('success', (event) => showFlash(event.detail.page.props.flash));

// The session's anti-forgery token changes at login/logout; keep the meta tag current
// and send it on Inertia's own requests too.
router.on('navigate', (event) => updateCsrfToken(event.detail.page.props.csrfToken as string | undefined));
// Inertia's client already sends X-XSRF-TOKEN from the cookie; add only the meta token.
http.onRequest((config) => {
  const { 'X-CSRF-TOKEN': metaToken } = csrfHeaders();
  return metaToken ? { ...config, headers: { 'X-CSRF-TOKEN': metaToken, ...config.headers } } : config;
});

// Real-time: one Echo connection while someone is signed in (every channel we use is private).
const connectRealtime = (props: Record<string, unknown>) => {
  const signedIn = Boolean((props.auth as { user?: unknown } | undefined)?.user);
  void configureEcho(signedIn ? (props.realtime as EchoSettings | undefined) : null);
};
router.on('navigate', (event) => connectRealtime(event.detail.page.props));

captureInstallPrompt();

createInertiaApp({
  // The page's chunk and its layouts (plus the signed-in navigation for a signed-in user) load side by side, and the
  // page renders once all are in: layouts other than AuthLayout are chunks of their own, so no first visit pays
  // for the rest.
  resolve: async (name, page) => {
    const signedIn = Boolean((page?.props.auth as { user?: unknown } | undefined)?.user);
    const [component] = await Promise.all([resolvePage(name, pageLoaders), loadLayoutFor(name, signedIn)]);
    return component;
  },
  layout: (name) => defaultLayoutFor(name),
  title: (title, page) => formatTitle(title, page?.props?.appName),
  progress: { delay: 250, color: '#9ca3af', showSpinner: false },
  setup({ el, App, props }) {
    showFlash(props.initialPage.props.flash);
    connectRealtime(props.initialPage.props);
    createRoot(el).render(
      <>
        <App {...props} />
        <ShellChrome />
      </>,
    );
  },
}).catch((error: unknown) => logger.error('Failed to start the app', error));

void registerServiceWorker();
