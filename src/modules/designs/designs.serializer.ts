import type { Design, DesignOptions, GeneratedDesign, ProgressStep } from './entities';

const media = (key: string | null | undefined) => (key ? `/media/${key}` : null);

export interface GeneratedDesignJson {
  id: string;
  design_id: string;
  kind: string;
  status: string;
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

export interface DesignJson {
  id: string;
  image: string | null;
  high_res_image: string | null;
  original_image: string;
  generatedDesigns: GeneratedDesignJson[];
  options: DesignOptions;
  prompt: string | null;
  status: string;
  progress: number;
  current_step: string | null;
  progress_steps: ProgressStep[];
  failure_reason: string | null;
  job_kind: string;
  created_at: string;
  updated_at: string;
  image_width: number | null;
  image_height: number | null;
  image_orientation: string | null;
  favorite: boolean;
  provider: string;
  shared: boolean;
  share_url: string | null;
}

export function toGeneratedJson(g: GeneratedDesign): GeneratedDesignJson {
  return {
    id: g.id,
    design_id: g.designId,
    kind: g.kind,
    status: g.status,
    image: media(g.image),
    high_res_image: media(g.highResImage),
    options: g.options,
    prompt: g.prompt,
    provider: g.provider,
    model: g.model,
    source_generated_design_id: g.sourceGeneratedDesignId,
    failure_reason: g.failureReason,
    width: g.width,
    height: g.height,
    created_at: new Date(g.createdAt).toISOString(),
  };
}

/** Spec 3 "Design" with snake_case fields as the client reads them (generatedDesigns as named there). */
export function toDesignJson(
  d: Design,
  generated: GeneratedDesign[] = d.generatedDesigns ?? [],
  appUrl = '',
): DesignJson {
  return {
    id: d.id,
    image: media(d.image),
    high_res_image: media(d.highResImage),
    original_image: media(d.originalImage)!,
    generatedDesigns: [...generated]
      .sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt))
      .map(toGeneratedJson),
    options: d.options,
    prompt: d.prompt,
    status: d.status,
    progress: d.progress,
    current_step: d.currentStep,
    progress_steps: d.progressSteps,
    failure_reason: d.failureReason,
    job_kind: d.jobKind,
    created_at: new Date(d.createdAt).toISOString(),
    updated_at: new Date(d.updatedAt).toISOString(),
    image_width: d.imageWidth,
    image_height: d.imageHeight,
    image_orientation: d.imageOrientation,
    favorite: d.favorite,
    provider: d.provider,
    shared: Boolean(d.shareToken),
    share_url: d.shareToken ? sharePath(d.shareToken, appUrl) : null,
  };
}

export function sharePath(token: string, appUrl = ''): string {
  return `${appUrl}/shared/designs/${token}`;
}

/** What a stranger with the share link sees: no prompt, no owner data, no failure details. */
export function toSharedJson(d: Design, generated: GeneratedDesign[]) {
  const done = generated.filter((g) => g.status === 'completed').map(toGeneratedJson);
  return {
    id: d.id,
    image: media(d.image),
    high_res_image: media(d.highResImage),
    original_image: media(d.originalImage),
    options: { roomType: d.options.roomType, theme: d.options.theme, colors: d.options.colors },
    generatedDesigns: done.map(({ id, image, high_res_image, options, created_at }) => ({
      id,
      image,
      high_res_image,
      options: { roomType: options.roomType, theme: options.theme, colors: options.colors },
      created_at,
    })),
    image_width: d.imageWidth,
    image_height: d.imageHeight,
    image_orientation: d.imageOrientation,
    created_at: new Date(d.createdAt).toISOString(),
  };
}
