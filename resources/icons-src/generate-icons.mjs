// Renders the PWA / favicon PNGs from logo.svg with sharp.
// Run: node resources/icons-src/generate-icons.mjs   (outputs are committed under resources/public/icons)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'public', 'icons');
const logo = readFileSync(join(here, 'logo.svg'), 'utf8');
const brand = '#0d8376';

// The house + play drawing alone, to re-frame it for full-bleed icons.
const mark = logo.match(/<g id="mark">([\s\S]*?)<\/g>/)[1];

/** Full-bleed square (no rounded corners) with the mark scaled into the middle `scale` share. */
function fullBleed(scale) {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${brand}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g>
</svg>`;
}

const targets = [
  // "any" purpose: the rounded tile with transparent corners.
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'favicon-32.png', size: 32, svg: logo },
  // Maskable: the platform crops to a circle/squircle; keep the mark inside the 80% safe zone.
  { file: 'maskable-192.png', size: 192, svg: fullBleed(0.7) },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.7) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.85) },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, svg } of targets) {
  const png = await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(outDir, file), png);
  console.log(`icons/${file} ${size}x${size} (${png.length} bytes)`);
}
