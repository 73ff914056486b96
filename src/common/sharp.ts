import type Sharp from 'sharp';

type SharpModule = typeof Sharp;
let loaded: SharpModule | undefined;

/**
 * sharp is loaded on the first image the process handles, not at start: libvips and its thread pool hold about
 * 19 MB resident once loaded, which a web node that only serves pages and JSON never needs. libvips' operation
 * cache (up to 50 MB of decoded pixels, 20 open files, 100 operations) is turned off as it loads: each upload is
 * decoded once, and the cache's pages would stay resident after the work is done.
 */
function sharpModule(): SharpModule {
  if (!loaded) {
    loaded = require('sharp') as SharpModule;
    loaded.cache(false);
  }
  return loaded;
}

/** sharp itself (call it and read its statics as usual), loaded on first use. */
export const sharp: SharpModule = new Proxy(function lazySharp() {} as unknown as SharpModule, {
  apply: (_target, _this, args: unknown[]) => Reflect.apply(sharpModule(), undefined, args),
  get: (_target, property) => Reflect.get(sharpModule(), property),
});
