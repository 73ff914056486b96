/** Shapes of the designer's JSON (server: src/modules/designs/designs.serializer.ts). */

export type DesignStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type StepStatus = 'pending' | 'in_progress' | 'completed';

export interface DesignOptions {
  roomType?: string;
  designer?: string;
  location?: string;
  theme?: string;
  colors?: string;
  customPrompt?: string;
}

export interface ProgressStep {
  key?: string;
  message: string;
  status?: StepStatus;
  completed: boolean;
}

export interface GeneratedDesign {
  id: string;
  design_id: string;
  kind: 'generate' | 'regenerate';
  status: DesignStatus;
  image: string | null;
  high_res_image: string | null;
  options: DesignOptions;
  prompt: string | null;
  provider: string;
  model: string | null;
  source_generated_design_id: string | null;
  failure_reason: string | null;
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface Design {
  id: string;
  image: string | null;
  high_res_image: string | null;
  original_image: string;
  generatedDesigns: GeneratedDesign[];
  options: DesignOptions;
  prompt: string | null;
  status: DesignStatus;
  progress: number;
  current_step: string | null;
  progress_steps: ProgressStep[];
  failure_reason: string | null;
  job_kind: 'generate' | 'regenerate';
  created_at: string;
  updated_at?: string;
  image_width: number | null;
  image_height: number | null;
  image_orientation: 'landscape' | 'portrait' | 'square' | null;
  favorite: boolean;
  provider: string;
  shared: boolean;
  share_url: string | null;
}

export interface SavedPrompt {
  id: string;
  name: string;
  prompt: string;
  options: DesignOptions;
  created_at: string;
}

export interface EngineInfo {
  name: string;
  label: string;
  model: string;
}

export interface DesignerCatalog {
  roomTypes: string[];
  themes: string[];
  palettes: Record<string, string[]>;
  designers: string[];
}

/** `.design.progress` payload (spec 7). */
export interface DesignProgressEvent {
  design_id: string;
  status: DesignStatus;
  progress: number;
  current_step: string | null;
  progress_steps: ProgressStep[];
  job_kind?: 'generate' | 'regenerate';
  error?: string;
  sent_at?: number;
}

/** `.design.generated` payload. */
export interface DesignGeneratedEvent {
  design_id: string;
  generated_design_id: string;
  design: Design;
  sent_at?: number;
}

/** Spec 4: the steps a fresh job starts with. */
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

export type { Page as Paginated } from '@/types';
