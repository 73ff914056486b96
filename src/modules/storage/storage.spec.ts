import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../config/app-config';
import { ValidationFailedException } from '../../common/validation';
import { parseRange } from './media-http';
import { sniffType } from './sniff';
import { LocalStorageDriver } from './local.driver';
import { StorageService } from './storage.service';

describe('sniffType', () => {
  it('recognises images and videos from their bytes', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } }).png().toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect(sniffType(png)?.mime).toBe('image/png');
    expect(sniffType(jpeg)?.mime).toBe('image/jpeg');
    expect(sniffType(webp)?.mime).toBe('image/webp');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20)]);
    expect(sniffType(mp4)).toEqual({ mime: 'video/mp4', ext: 'mp4', kind: 'video' });
  });

  it('refuses text dressed up as an image', () => {
    expect(sniffType(Buffer.from('<?php echo "hi"; ?> pretending to be a jpg'))).toBeNull();
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=0-5000', 1000, { start: 0, end: 999 }],
  ])('%s of %d bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it('marks unsatisfiable ranges invalid', () => {
    expect(parseRange('bytes=2000-', 1000)).toBe('invalid');
    expect(parseRange('bytes=1000-1000', 1000)).toBe('invalid');
    expect(parseRange('bytes=-0', 1000)).toBe('invalid');
    expect(parseRange('bytes=50-10', 1000)).toBe('invalid');
  });

  it('ignores what it may ignore (another unit, several ranges) and a missing header: the whole file', () => {
    expect(parseRange('items=1-2', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});

describe('StorageService on local disk', () => {
  let dir: string;
  let storage: StorageService;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelty-storage-'));
    storage = new StorageService(loadConfig({ STORAGE_DIR: dir }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores an upload under a generated key, never the client name', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer();
    const stored = await storage.storeUpload('avatars/u1', png, { field: 'avatar', kinds: ['image'], maxBytes: 1024 * 1024 });
    expect(stored.key).toMatch(/^avatars\/u1\/[0-9a-f-]{36}\.png$/);
    expect(stored.url).toBe(`/media/${stored.key}`);
    expect((await storage.stat(stored.key))?.size).toBe(png.length);
  });

  it('refuses oversize files and wrong types with a 422 on the field', async () => {
    const big = Buffer.alloc(2048, 1);
    expect(() => storage.check(big, { field: 'photo', kinds: ['image'], maxBytes: 1024 })).toThrow(/too large/);
    try {
      storage.check(Buffer.from('just some text, not a picture at all'), { field: 'photo', kinds: ['image'], maxBytes: 1024 });
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailedException);
      expect((error as ValidationFailedException).errors.photo[0]).toMatch(/not accepted/);
    }
  });

  it('applies EXIF orientation, strips metadata and makes variants', async () => {
    // 40x20 image tagged "rotate 90°": stored upright as 20x40, with GPS and EXIF gone.
    const tagged = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#00f' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const image = await storage.storeImage('listings/l1', tagged, { field: 'photo', maxBytes: 1024 * 1024 }, [{ name: 'thumb', width: 10 }]);
    expect([image.width, image.height]).toEqual([20, 40]);
    const stored = await sharp(await readAll(await storage.read(image.key))).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    const thumb = await sharp(await readAll(await storage.read(image.variants.thumb.key))).metadata();
    expect([thumb.width, thumb.height, thumb.format]).toEqual([10, 20, 'webp']);
  });

  it('refuses keys that would leave the storage root', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/escapes/);
  });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('LocalStorageDriver.list', () => {
  it('lists the objects under a folder prefix in key order, with their sizes, and nothing for a missing folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'reelty-list-'));
    try {
      const driver = new LocalStorageDriver(root);
      await driver.put('tus-uploads/u1/000000000000010', Buffer.alloc(5), 'application/octet-stream');
      await driver.put('tus-uploads/u1/000000000000000', Buffer.alloc(10), 'application/octet-stream');
      await driver.put('tus-uploads/u1/info.json', Buffer.from('{}'), 'application/json');
      await driver.put('tus-uploads/u2/000000000000000', Buffer.alloc(1), 'application/octet-stream');
      expect(await driver.list('tus-uploads/u1/')).toEqual([
        { key: 'tus-uploads/u1/000000000000000', size: 10 },
        { key: 'tus-uploads/u1/000000000000010', size: 5 },
        { key: 'tus-uploads/u1/info.json', size: 2 },
      ]);
      expect(await driver.list('tus-uploads/u9/')).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
