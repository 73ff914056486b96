import type { ProgressStep } from '@contracts/designs';

/** The steps a fresh job starts with (the server sends the real ones with the design). */
export const GENERATE_STEPS = [
  'Initializing',
  'Processing the original image',
  'Generating the AI design',
  'Upscaling',
  'Finalizing',
];
export const REGENERATE_STEPS = ['Analyzing style', 'Generating design', 'Enhancing details', 'Finalizing'];

export const pendingSteps = (messages: string[]): ProgressStep[] =>
  messages.map((message) => ({ message, status: 'pending', completed: false }));
