/** Wire shapes of the AI room designer: designs, prompts, edit state, dreams, design chat, live events. Type-only. */
import type { Money, Page } from './common';

export type DesignStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type DesignJobKind = 'generate' | 'regenerate';
export type StepStatus = 'pending' | 'in_progress' | 'completed';
export type ImageOrientation = 'landscape' | 'portrait' | 'square';
export type DesignSide = 'front' | 'back';

export interface DesignOptions {
  roomType?: string;
  designer?: string;
  location?: string;
  theme?: string;
  colors?: string;
  customPrompt?: string;
}

/** One step of a job's progress: a message and whether it is done (status carries the three states). */
export interface ProgressStep {
  key?: string;
  message: string;
  status?: StepStatus;
  completed: boolean;
}

export interface GeneratedDesign {
  id: string;
  design_id: string;
  kind: DesignJobKind;
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

/** A design as its owner sees it (generatedDesigns oldest first). */
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
  job_kind: DesignJobKind;
  created_at: string;
  updated_at?: string;
  image_width: number | null;
  image_height: number | null;
  image_orientation: ImageOrientation | null;
  favorite: boolean;
  provider: string;
  shared: boolean;
  share_url: string | null;
}

type SharedOptions = Pick<DesignOptions, 'roomType' | 'theme' | 'colors'>;

/** What a stranger with the share link sees: no prompt, no owner data, no failure details. */
export interface SharedDesign {
  id: string;
  image: string | null;
  high_res_image: string | null;
  original_image: string | null;
  options: SharedOptions;
  generatedDesigns: Array<{
    id: string;
    image: string | null;
    high_res_image: string | null;
    options: SharedOptions;
    created_at: string;
  }>;
  image_width: number | null;
  image_height: number | null;
  image_orientation: ImageOrientation | null;
  created_at: string;
}

export type DesignPage = Page<Design>;

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
  /** Suggested locations (the field stays free text). */
  locations?: string[];
  /** Style packs on sale that this user does not hold: their styles stay locked until bought. */
  locked_packs?: StylePackOffer[];
}

/** A style pack the user could buy: its styles (themes) and where to buy it. */
export interface StylePackOffer {
  pack: string;
  title: string;
  product_slug: string;
  price: Money;
  styles: string[];
}

export interface EditHistoryEntry {
  at: string;
  action: string;
  detail?: string;
}

export interface EditSession {
  id: string;
  side: DesignSide;
  edits: number;
  started_at: string;
  ended_at: string | null;
}

/** The edit view's state of one side. */
export interface EditState {
  design_id: string;
  side: DesignSide;
  editHistory: EditHistoryEntry[];
  selectedBrands: string[];
  currentDesignHtml: string;
  updated_at: string | null;
}

export interface EditStates {
  front: EditState & { sessions: EditSession[] };
  back: EditState & { sessions: EditSession[] };
}

export interface Dream {
  id: string;
  title: string;
  note: string | null;
  design_id: string;
  generated_design_id: string | null;
  image: string | null;
  original_image: string;
  options: DesignOptions;
  created_at: string;
  /** With one dream (not in lists): the design it came from. */
  design?: Design;
}

/** Dreams page: `dreams` instead of `data`, with the page numbers beside it. */
export type DreamPage = Omit<Page<Dream>, 'data'> & { dreams: Dream[] };

export interface DesignChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  provider: string | null;
  model: string | null;
  created_at: string;
}

/** `.design.progress` payload. */
export interface DesignProgressEvent {
  design_id: string;
  status: DesignStatus;
  progress: number;
  current_step: string | null;
  progress_steps: ProgressStep[];
  job_kind?: DesignJobKind;
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
