/* Reelty service worker: keeps the app shell available and fast.
 *
 * - Precache: offline page, manifest and icons (versioned cache; old caches removed on activate).
 * - Hashed build assets (/assets/*): cache-first; their names change with their content.
 * - Page navigations: network-first, falling back to the offline page. Pages are not stored:
 *   their HTML embeds the signed-in user's data and anti-forgery token.
 * - Inertia visits (X-Inertia) and /api calls: network only, never cached.
 * __BUILD_VERSION__ is replaced at build time (vite.config.mts), so each deploy installs a new
 * worker and the app shows its "App updated!" toast.
 */
const VERSION = '__BUILD_VERSION__';
const SHELL_CACHE = `reelty-shell-${VERSION}`;
const ASSET_CACHE = `reelty-assets-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const SHELL_FILES = [
  OFFLINE_URL,
  '/manifest.webmanifest',
  '/icons/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/apple-touch-icon.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('reelty-') && !keep.has(name)).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isNeverCached(request, url) {
  return (
    request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    request.headers.has('X-Inertia') ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/broadcasting/') ||
    url.pathname === '/sw.js'
  );
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    cache.put(request, response.clone());
  }
  return response;
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_URL)) || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (isNeverCached(request, url)) return; // the browser handles it as if no worker existed

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
  }
});
