import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const outDir = fromRoot('./dist/public');

/**
 * Stamps the copied service worker with a hash of this build's file names, so
 * every deploy with changed assets installs a new worker (and users get the
 * "App updated!" toast) while an unchanged build keeps the same worker.
 */
function stampServiceWorker(): Plugin {
  return {
    name: 'reelty-stamp-service-worker',
    apply: 'build',
    writeBundle(_options, bundle) {
      const swPath = join(outDir, 'sw.js');
      if (!existsSync(swPath)) return;
      const version = createHash('sha1').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      writeFileSync(swPath, readFileSync(swPath, 'utf8').replace(/__BUILD_VERSION__/g, version));
    },
  };
}

/**
 * Client bundle. The Nest server reads dist/public/.vite/manifest.json to inject
 * the entry's script and CSS tags into resources/views/app.html and to derive the
 * Inertia asset version. Files in resources/public (icons, manifest.webmanifest,
 * sw.js, offline.html) are copied unchanged and served from "/".
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), stampServiceWorker()],
  publicDir: fromRoot('./resources/public'),
  resolve: {
    alias: {
      '@': fromRoot('./src/client'),
      '@pages': fromRoot('./src/pages'),
      '@contracts': fromRoot('./src/contracts'),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    // Page weight is held by bench/client/budget.js (gzip per page, run by npm test); Vite's own per-chunk warning
    // counts the largest single library (hls.js, ~360 kB minified) with its source and says nothing about pages.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: fromRoot('./src/client/app.tsx'),
      // Only what every page runs (React, Inertia) shares one long-cached chunk. Every other
      // library stays with the pages that import it (Leaflet on map pages, hls.js/Swiper on video
      // pages, tus on upload pages, pusher-js/Echo after sign-in), so no page downloads the rest;
      // `node bench/client/budget.js` holds each page to its JavaScript budget.
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@inertiajs)[\\/]/ }],
        },
      },
    },
  },
});
