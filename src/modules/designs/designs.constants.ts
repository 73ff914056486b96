import type { ProgressStep } from './entities';

/** Spec 4: generate has five steps, regenerate four. */
export const GENERATE_STEPS = [
  { key: 'initializing', message: 'Initializing' },
  { key: 'processing_original', message: 'Processing the original image' },
  { key: 'generating', message: 'Generating the AI design' },
  { key: 'upscaling', message: 'Upscaling' },
  { key: 'finalizing', message: 'Finalizing' },
] as const;

export const REGENERATE_STEPS = [
  { key: 'analyzing_style', message: 'Analyzing style' },
  { key: 'generating', message: 'Generating design' },
  { key: 'enhancing', message: 'Enhancing details' },
  { key: 'finalizing', message: 'Finalizing' },
] as const;

export function freshSteps(kind: 'generate' | 'regenerate'): ProgressStep[] {
  return (kind === 'generate' ? GENERATE_STEPS : REGENERATE_STEPS).map((s) => ({
    key: s.key,
    message: s.message,
    status: 'pending',
    completed: false,
  }));
}

/** The palettes the local engine knows (the Designer's choices live in the design_assets catalogue). */
export const COLOR_PALETTES: Record<string, string[]> = {
  'Warm neutrals': ['#f3e9dc', '#c8ad8d', '#8a6a4f'],
  'Cool greys': ['#eef1f4', '#a3adb8', '#4b5563'],
  'Forest greens': ['#e8efe6', '#8fae8b', '#2f4f3a'],
  'Ocean blues': ['#e6f1f8', '#7fb2d6', '#1f4e79'],
  Terracotta: ['#f6e7dc', '#d38b5d', '#7a3b1d'],
  'Black & white': ['#fafafa', '#9ca3af', '#111827'],
  'Blush & gold': ['#fbeff0', '#e3b7a0', '#b08d57'],
  'Earthy olive': ['#eeeadb', '#a3a36b', '#4d4a2a'],
};

/** How long after the last update a running design counts as lost (worker gone for good). */
export const SWEEP_INTERVAL_MS = 60_000;
export const DESIGN_UPLOAD_MIMES = ['image/jpeg', 'image/png', 'image/webp'];
/** Longest side the engines work at; the upscale doubles it for high_res_image. */
export const WORKING_MAX_SIDE = 2048;
