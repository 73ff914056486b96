import type { DesignOptions } from './entities';

/** One prompt for the image models from the Designer options (spec 3) and the free-text prompt. */
export function buildPrompt(options: DesignOptions, prompt?: string | null, fragments: string[] = []): string {
  const room = (options.roomType || 'room').toLowerCase();
  const theme = options.theme ? `${options.theme.toLowerCase()} style` : 'tastefully furnished';
  const parts = [`A photorealistic interior photograph of a ${theme} ${room}`];
  if (options.designer && options.designer !== 'Any') parts.push(`designed in the manner of ${options.designer}`);
  if (options.location) parts.push(`in a home in ${options.location}`);
  if (options.colors) parts.push(`with a ${options.colors.toLowerCase()} colour palette`);
  let text = parts.join(', ');
  text += '. Keep the room’s walls, windows, doors and perspective exactly as in the photo; furnish and decorate it.';
  // Fragments come from the admin-edited asset catalogue (the chosen room type, theme, designer...).
  const extra = [...fragments, options.customPrompt, prompt].map((p) => p?.trim()).filter(Boolean);
  if (extra.length) text += ` ${extra.join('. ')}.`;
  return text.slice(0, 4000);
}

export const NEGATIVE_PROMPT = 'lowres, watermark, text, deformed, distorted walls, extra windows, blurry, cartoon';
