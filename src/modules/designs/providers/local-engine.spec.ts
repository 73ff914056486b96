import sharp from 'sharp';
import { hexToRgb, LocalPreviewEngine, resolvePalette, restyle, themeProfile, upscale2x } from './local-engine';

async function room(width = 320, height = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#c9bfae"/><rect y="${height * 0.62}" width="100%" height="${height * 0.38}" fill="#7a5b43"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const mean = async (img: Buffer, top: number, height: number) => {
  const { data, info } = await sharp(img)
    .extract({ left: 0, top, width: 320, height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((s) => s / (data.length / info.channels));
};

describe('local preview engine', () => {
  it('is deterministic: the same photo, options and seed give the same bytes', async () => {
    const photo = await room();
    const a = await restyle({ image: photo, options: { theme: 'Industrial', roomType: 'Kitchen' }, seed: 7 });
    const b = await restyle({ image: photo, options: { theme: 'Industrial', roomType: 'Kitchen' }, seed: 7 });
    expect(a.image.equals(b.image)).toBe(true);
    const c = await restyle({ image: photo, options: { theme: 'Industrial', roomType: 'Kitchen' }, seed: 8 });
    expect(c.image.equals(a.image)).toBe(false);
  });

  it('restyles by theme and palette: different themes and palettes give different colours', async () => {
    const photo = await room();
    const coastal = await restyle({ image: photo, options: { theme: 'Coastal', colors: 'Ocean blues' }, seed: 1 });
    const terracotta = await restyle({ image: photo, options: { theme: 'Bohemian', colors: 'Terracotta' }, seed: 1 });
    const [cr, , cb] = await mean(coastal.image, 0, 100);
    const [tr, , tb] = await mean(terracotta.image, 0, 100);
    expect(cb - cr).toBeGreaterThan(tb - tr); // the blue palette is bluer on the walls
    expect(tr).toBeGreaterThan(cr);
  });

  it('treats walls and floor differently (room-aware) and keeps the photo size', async () => {
    const out = await restyle({
      image: await room(),
      options: { theme: 'Scandinavian', roomType: 'Bedroom' },
      seed: 1,
    });
    expect([out.width, out.height]).toEqual([320, 240]);
    const wall = await mean(out.image, 10, 60);
    const floor = await mean(out.image, 200, 30);
    expect(wall[0]).toBeGreaterThan(floor[0] + 30);
  });

  it('parses palettes: named, hex codes in text, else the theme’s', () => {
    expect(hexToRgb('#fff')).toEqual([255, 255, 255]);
    expect(resolvePalette({ colors: 'Ocean blues' }, themeProfile('modern'))[0]).toEqual([230, 241, 248]);
    expect(resolvePalette({ colors: 'walls #112233 and #aabbcc' }, themeProfile('modern'))).toEqual([
      [170, 187, 204],
      [17, 34, 51],
    ]);
    expect(resolvePalette({}, themeProfile('unknown theme')).length).toBeGreaterThanOrEqual(3);
  });

  it('upscales 2x and reports zero cost', async () => {
    const out = await new LocalPreviewEngine().generate({
      image: await room(),
      width: 320,
      height: 240,
      options: {},
      prompt: 'x',
      kind: 'generate',
      seed: 1,
    });
    expect(out.usage).toMatchObject({ units: 1, unit: 'image', costUsd: 0 });
    const hd = await upscale2x(out.image);
    expect([hd.width, hd.height]).toEqual([640, 480]);
    expect((await sharp(hd.image).metadata()).format).toBe('jpeg');
  });
});
