import { logger } from './logger';
import { notify } from './toast';

/** Spec 8: shown for 10 s when a new service worker has been installed. */
export const APP_UPDATED_MESSAGE = 'App updated! Refresh to get the latest features.';
export const SERVICE_WORKER_URL = '/sw.js';

/** Spec 9: the installed-app spinner stays 300 ms, then fades out over 500 ms. */
export const INSTALLED_SPINNER_VISIBLE_MS = 300;
export const INSTALLED_SPINNER_FADE_MS = 500;

type WorkerLike = Pick<ServiceWorker, 'state' | 'addEventListener'>;
type RegistrationLike = {
  installing: WorkerLike | null;
  addEventListener: ServiceWorkerRegistration['addEventListener'];
};
type ContainerLike = { controller: unknown };

/**
 * Calls `onUpdate` when a new worker finishes installing while an older one
 * already controls the page, i.e. an update rather than the very first install.
 */
export function watchForServiceWorkerUpdate(
  registration: RegistrationLike,
  container: ContainerLike,
  onUpdate: () => void = () => notify.update(APP_UPDATED_MESSAGE),
): void {
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) onUpdate();
    });
  });
}

export async function registerServiceWorker(nav: Navigator = navigator): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in nav) || typeof window === 'undefined' || !window.isSecureContext) return null;
  try {
    const registration = await nav.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    watchForServiceWorkerUpdate(registration, nav.serviceWorker);
    return registration;
  } catch (error) {
    logger.warn('Service worker registration failed', error);
    return null;
  }
}

/** The `beforeinstallprompt` event (not yet in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredInstallPrompt: BeforeInstallPromptEvent | null = null;
const installListeners = new Set<() => void>();

/** Keeps the browser's install prompt so the install page can offer a button. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredInstallPrompt = event as BeforeInstallPromptEvent;
    installListeners.forEach((listener) => listener());
  });
  window.addEventListener('appinstalled', () => {
    deferredInstallPrompt = null;
    installListeners.forEach((listener) => listener());
  });
}

export function getInstallPrompt(): BeforeInstallPromptEvent | null {
  return deferredInstallPrompt;
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  installListeners.add(listener);
  return () => installListeners.delete(listener);
}

export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferredInstallPrompt;
  if (!event) return 'unavailable';
  await event.prompt();
  const { outcome } = await event.userChoice;
  deferredInstallPrompt = null;
  installListeners.forEach((listener) => listener());
  return outcome;
}
