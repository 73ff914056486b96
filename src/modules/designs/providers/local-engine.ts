import type { OverlayOptions } from 'sharp';
import { sharp } from '../../../common/sharp';
import { COLOR_PALETTES } from '../designs.constants';
import type { DesignOptions } from '../entities';
import type { ImageGenerationInput, ImageGenerationResult, ImageProvider } from './image-provider';

type Rgb = [number, number, number];
type Texture = 'none' | 'linen' | 'concrete' | 'dots' | 'waves' | 'wood' | 'grid';

interface ThemeProfile {
  palette: string[];
  /** How much of the palette's gradient map is blended over the photo (0..1). */
  blend: number;
  contrast: number;
  saturation: number;
  brightness: number;
  /** + warmer (more red, less blue), - cooler. */
  warmth: number;
  texture: Texture;
  textureOpacity: number;
  vignette: number;
}

const THEMES: Record<string, ThemeProfile> = {
  modern: {
    palette: COLOR_PALETTES['Cool greys'],
    blend: 0.32,
    contrast: 1.12,
    saturation: 0.95,
    brightness: 1.02,
    warmth: -4,
    texture: 'grid',
    textureOpacity: 0.05,
    vignette: 0.22,
  },
  scandinavian: {
    palette: COLOR_PALETTES['Warm neutrals'],
    blend: 0.3,
    contrast: 1.02,
    saturation: 0.78,
    brightness: 1.08,
    warmth: 3,
    texture: 'linen',
    textureOpacity: 0.1,
    vignette: 0.12,
  },
  industrial: {
    palette: COLOR_PALETTES['Black & white'],
    blend: 0.38,
    contrast: 1.22,
    saturation: 0.68,
    brightness: 0.96,
    warmth: -2,
    texture: 'concrete',
    textureOpacity: 0.2,
    vignette: 0.4,
  },
  bohemian: {
    palette: COLOR_PALETTES.Terracotta,
    blend: 0.4,
    contrast: 1.06,
    saturation: 1.2,
    brightness: 1.0,
    warmth: 10,
    texture: 'dots',
    textureOpacity: 0.08,
    vignette: 0.3,
  },
  coastal: {
    palette: COLOR_PALETTES['Ocean blues'],
    blend: 0.34,
    contrast: 1.0,
    saturation: 0.95,
    brightness: 1.07,
    warmth: -8,
    texture: 'waves',
    textureOpacity: 0.08,
    vignette: 0.15,
  },
  'mid-century': {
    palette: ['#f4e4c1', '#d0903f', '#3f5e4b'],
    blend: 0.36,
    contrast: 1.1,
    saturation: 1.1,
    brightness: 1.0,
    warmth: 8,
    texture: 'wood',
    textureOpacity: 0.09,
    vignette: 0.25,
  },
  farmhouse: {
    palette: ['#f5f0e6', '#b9a58a', '#5b4636'],
    blend: 0.33,
    contrast: 1.04,
    saturation: 0.85,
    brightness: 1.04,
    warmth: 7,
    texture: 'wood',
    textureOpacity: 0.12,
    vignette: 0.2,
  },
  japandi: {
    palette: COLOR_PALETTES['Earthy olive'],
    blend: 0.3,
    contrast: 1.0,
    saturation: 0.75,
    brightness: 1.03,
    warmth: 4,
    texture: 'linen',
    textureOpacity: 0.09,
    vignette: 0.14,
  },
  luxury: {
    palette: COLOR_PALETTES['Blush & gold'],
    blend: 0.36,
    contrast: 1.18,
    saturation: 1.05,
    brightness: 0.98,
    warmth: 6,
    texture: 'grid',
    textureOpacity: 0.04,
    vignette: 0.42,
  },
  minimalist: {
    palette: ['#fbfbfa', '#d6d3d1', '#57534e'],
    blend: 0.28,
    contrast: 1.05,
    saturation: 0.7,
    brightness: 1.08,
    warmth: 0,
    texture: 'none',
    textureOpacity: 0,
    vignette: 0.1,
  },
};

interface RoomProfile {
  /** Where the floor starts, as a fraction of the height (perspective photos of rooms). */
  floorLine: number;
  warmth: number;
  brightness: number;
}

const ROOMS: Array<[RegExp, RoomProfile]> = [
  [/kitchen/i, { floorLine: 0.66, warmth: -3, brightness: 1.05 }],
  [/bath/i, { floorLine: 0.7, warmth: -5, brightness: 1.06 }],
  [/bed|nursery|kids/i, { floorLine: 0.6, warmth: 6, brightness: 0.98 }],
  [/dining/i, { floorLine: 0.63, warmth: 4, brightness: 1.0 }],
  [/office|study/i, { floorLine: 0.64, warmth: -1, brightness: 1.03 }],
  [/patio|outdoor|garden|terrace/i, { floorLine: 0.55, warmth: 2, brightness: 1.04 }],
];
const DEFAULT_ROOM: RoomProfile = { floorLine: 0.62, warmth: 2, brightness: 1.0 };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function hexToRgb(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) return null;
  const v = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [parseInt(v.slice(0, 2), 16), parseInt(v.slice(2, 4), 16), parseInt(v.slice(4, 6), 16)];
}

export function themeProfile(theme: string | undefined): ThemeProfile {
  const key = (theme ?? '').trim().toLowerCase();
  if (THEMES[key]) return THEMES[key];
  const names = Object.keys(THEMES);
  return THEMES[names[hash(key || 'modern') % names.length]];
}

/** The palette: a named one, hex codes in the text, else the theme's own; sorted light → dark. */
export function resolvePalette(options: DesignOptions, profile: ThemeProfile): Rgb[] {
  const named = Object.entries(COLOR_PALETTES).find(
    ([name]) => name.toLowerCase() === (options.colors ?? '').trim().toLowerCase(),
  );
  const hexes = named?.[1] ?? (options.colors?.match(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gi) || null) ?? profile.palette;
  const colors = hexes.map(hexToRgb).filter((c): c is Rgb => c !== null);
  const list =
    colors.length >= 2
      ? colors
      : colors.length === 1
        ? [mixRgb(colors[0], [255, 255, 255], 0.7), colors[0], mixRgb(colors[0], [0, 0, 0], 0.6)]
        : profile.palette.map((h) => hexToRgb(h)!);
  return [...list].sort((a, b) => luma(b) - luma(a));
}

const luma = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** 256-entry gradient map from dark (luma 0) to light (luma 255) through the palette stops. */
function gradientLut(stops: Rgb[]): Uint8Array {
  const ordered = [...stops].reverse(); // dark → light
  const lut = new Uint8Array(256 * 3);
  for (let l = 0; l < 256; l++) {
    const pos = (l / 255) * (ordered.length - 1);
    const i = Math.min(ordered.length - 2, Math.floor(pos));
    const c = mixRgb(ordered[i], ordered[i + 1], pos - i);
    lut[l * 3] = c[0];
    lut[l * 3 + 1] = c[1];
    lut[l * 3 + 2] = c[2];
  }
  return lut;
}

function textureSvg(texture: Texture, width: number, height: number, accent: Rgb, seed: number): string | null {
  const color = `rgb(${accent.map(Math.round).join(',')})`;
  const unit = Math.max(6, Math.round(Math.min(width, height) / 90));
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`;
  switch (texture) {
    case 'linen':
      return `${open}<defs><pattern id="p" width="${unit}" height="${unit}" patternUnits="userSpaceOnUse"><path d="M0 0H${unit}M0 ${unit / 2}H${unit}" stroke="${color}" stroke-width="1"/><path d="M0 0V${unit}" stroke="#fff" stroke-width="0.6"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/></svg>`;
    case 'grid':
      return `${open}<defs><pattern id="p" width="${unit * 4}" height="${unit * 4}" patternUnits="userSpaceOnUse"><path d="M${unit * 4} 0H0V${unit * 4}" fill="none" stroke="${color}" stroke-width="1"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/></svg>`;
    case 'dots':
      return `${open}<defs><pattern id="p" width="${unit * 2}" height="${unit * 2}" patternUnits="userSpaceOnUse"><circle cx="${unit}" cy="${unit}" r="${unit / 3}" fill="${color}"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/></svg>`;
    case 'waves':
      return `${open}<defs><pattern id="p" width="${unit * 6}" height="${unit * 2}" patternUnits="userSpaceOnUse"><path d="M0 ${unit} Q ${unit * 1.5} 0 ${unit * 3} ${unit} T ${unit * 6} ${unit}" fill="none" stroke="${color}" stroke-width="1.2"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/></svg>`;
    case 'wood':
      return `${open}<filter id="f"><feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="2" seed="${seed % 1000}"/><feColorMatrix type="saturate" values="0"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`;
    case 'concrete':
      return `${open}<filter id="f"><feTurbulence type="fractalNoise" baseFrequency="0.7" numOctaves="3" seed="${seed % 1000}"/><feColorMatrix type="saturate" values="0"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>`;
    default:
      return null;
  }
}

function vignetteSvg(width: number, height: number, strength: number): string {
  const edge = Math.round(255 * (1 - strength));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="v" cx="50%" cy="48%" r="75%"><stop offset="55%" stop-color="#fff"/><stop offset="100%" stop-color="rgb(${edge},${edge},${edge})"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#v)"/></svg>`;
}

export interface RestyleResult {
  image: Buffer;
  width: number;
  height: number;
}

/**
 * The local preview engine: a deterministic restyle of the room photo by theme and palette.
 * 1. tone (brightness/contrast/saturation/warmth from theme + room type);
 * 2. room-aware gradient map: walls take the palette's light→mid tones, the floor (below the
 *    room type's floor line, feathered) its mid→dark tones, blended over the photo by luminance;
 * 3. a texture by theme composited in soft-light, and a vignette in multiply.
 * It does not add furniture: it is a style preview, and the UI says so.
 */
export async function restyle(input: Pick<ImageGenerationInput, 'image' | 'options' | 'seed'>): Promise<RestyleResult> {
  const profile = themeProfile(input.options.theme);
  const room = ROOMS.find(([re]) => re.test(input.options.roomType ?? ''))?.[1] ?? DEFAULT_ROOM;
  const palette = resolvePalette(input.options, profile);
  // Regenerations vary deterministically: the seed nudges the blend and the floor line.
  const jitter = ((input.seed % 7) - 3) / 100;
  const blend = Math.min(0.6, Math.max(0.15, profile.blend + jitter));
  const floorLine = room.floorLine + jitter;

  const { data, info } = await sharp(input.image)
    .removeAlpha()
    .modulate({ brightness: profile.brightness * room.brightness, saturation: profile.saturation })
    .linear(profile.contrast, -(128 * profile.contrast) + 128)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;

  const wallLut = gradientLut(palette.slice(0, Math.max(2, palette.length - 1)));
  const floorLut = gradientLut(
    palette.slice(Math.max(0, palette.length - 2)).length >= 2 ? palette.slice(-2) : palette,
  );
  const warm = profile.warmth + room.warmth;
  const out = Buffer.allocUnsafe(width * height * 3);
  const feather = 0.07;
  for (let y = 0; y < height; y++) {
    const fy = y / height;
    const t = Math.min(1, Math.max(0, (fy - (floorLine - feather)) / (2 * feather)));
    const floorW = t * t * (3 - 2 * t);
    let i = y * width * channels;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, i += channels, o += 3) {
      const r = data[i] + warm;
      const g = data[i + 1];
      const b = data[i + 2] - warm;
      const l = Math.max(0, Math.min(255, Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b))) * 3;
      const mr = wallLut[l] + (floorLut[l] - wallLut[l]) * floorW;
      const mg = wallLut[l + 1] + (floorLut[l + 1] - wallLut[l + 1]) * floorW;
      const mb = wallLut[l + 2] + (floorLut[l + 2] - wallLut[l + 2]) * floorW;
      out[o] = clamp(r + (mr - r) * blend);
      out[o + 1] = clamp(g + (mg - g) * blend);
      out[o + 2] = clamp(b + (mb - b) * blend);
    }
  }

  const layers: OverlayOptions[] = [];
  const texture = textureSvg(profile.texture, width, height, palette[palette.length - 1], input.seed);
  if (texture && profile.textureOpacity > 0) {
    const faded = texture.replace(/<rect /g, `<rect opacity="${profile.textureOpacity}" `);
    layers.push({ input: Buffer.from(faded), blend: 'soft-light' });
  }
  if (profile.vignette > 0)
    layers.push({ input: Buffer.from(vignetteSvg(width, height, profile.vignette)), blend: 'multiply' });

  const image = await sharp(out, { raw: { width, height, channels: 3 } })
    .composite(layers)
    .jpeg({ quality: 90 })
    .toBuffer();
  return { image, width, height };
}

/** 2x Lanczos upscale, unsharp-masked first at the source size (half the pixels to filter): high_res_image for every provider. */
export async function upscale2x(image: Buffer): Promise<{ image: Buffer; width: number; height: number }> {
  const meta = await sharp(image).metadata();
  const width = (meta.width ?? 1) * 2;
  const height = (meta.height ?? 1) * 2;
  const out = await sharp(image)
    .sharpen({ sigma: 0.6, m1: 0.5, m2: 1.5 })
    .resize(width, height, { kernel: 'lanczos3' })
    .jpeg({ quality: 88 })
    .toBuffer();
  return { image: out, width, height };
}

export class LocalPreviewEngine implements ImageProvider {
  readonly name = 'local';
  readonly label = 'Local preview engine';
  readonly model = 'reelty-local-restyle-v1';

  async generate(input: ImageGenerationInput): Promise<ImageGenerationResult> {
    const started = performance.now();
    const result = await restyle(input);
    return {
      image: result.image,
      model: this.model,
      usage: { units: 1, unit: 'image', costUsd: 0, durationMs: performance.now() - started },
    };
  }
}
