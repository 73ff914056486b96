import type { sharp as LazySharp } from '../../src/common/sharp';

/**
 * A web node loads sharp (libvips and its threads: about 19 MB resident) only when it first handles an image, not
 * at start; its own Jest file because it needs a module registry that has not loaded the app yet.
 */
describe('web process start', () => {
  it('loads the app without sharp, which loads on the first image with its cache off', async () => {
    let loads = 0;
    let sharp: typeof LazySharp | undefined;
    jest.isolateModules(() => {
      jest.doMock('sharp', () => {
        loads += 1;
        return jest.requireActual('sharp');
      });
      require('../../src/app');
      require('../../src/config/runtime');
      require('../../src/modules/jobs/jobs.service');
      expect(loads).toBe(0);
      sharp = (require('../../src/common/sharp') as { sharp: typeof LazySharp }).sharp;
      expect(loads).toBe(0);
    });
    const png = await sharp!({ create: { width: 2, height: 2, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(loads).toBe(1);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(sharp!.cache()).toMatchObject({ items: { max: 0 }, files: { max: 0 } });
  });
});
