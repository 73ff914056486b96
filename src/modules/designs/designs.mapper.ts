import type {
  Design as DesignJson,
  DesignChatMessage as DesignChatMessageJson,
  Dream as DreamJson,
  EditSession,
  EditState,
  GeneratedDesign as GeneratedDesignJson,
  SavedPrompt as SavedPromptJson,
  SharedDesign,
} from '../../contracts/designs';
import type {
  Design,
  DesignChatMessage,
  DesignEditSession,
  DesignEditState,
  DesignSide,
  Dream,
  GeneratedDesign,
  SavedPrompt,
} from './entities';
import { iso } from '../../common/iso';
import { mediaUrl } from '../../common/media-url';

export function toGeneratedJson(g: GeneratedDesign): GeneratedDesignJson {
  return {
    id: g.id,
    design_id: g.designId,
    kind: g.kind,
    status: g.status,
    image: mediaUrl(g.image),
    high_res_image: mediaUrl(g.highResImage),
    options: g.options,
    prompt: g.prompt,
    provider: g.provider,
    model: g.model,
    source_generated_design_id: g.sourceGeneratedDesignId,
    failure_reason: g.failureReason,
    width: g.width,
    height: g.height,
    created_at: iso(g.createdAt),
  };
}

/** A design with snake_case fields as the client reads them (generatedDesigns named so, oldest first). */
export function toDesignJson(
  d: Design,
  generated: GeneratedDesign[] = d.generatedDesigns ?? [],
  appUrl = '',
): DesignJson {
  return {
    id: d.id,
    image: mediaUrl(d.image),
    high_res_image: mediaUrl(d.highResImage),
    original_image: mediaUrl(d.originalImage),
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
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
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
export function toSharedJson(d: Design, generated: GeneratedDesign[]): SharedDesign {
  const done = generated.filter((g) => g.status === 'completed').map(toGeneratedJson);
  return {
    id: d.id,
    image: mediaUrl(d.image),
    high_res_image: mediaUrl(d.highResImage),
    original_image: mediaUrl(d.originalImage),
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
    created_at: iso(d.createdAt),
  };
}

export const toPromptJson = (p: SavedPrompt): SavedPromptJson => ({
  id: p.id,
  name: p.name,
  prompt: p.prompt,
  options: p.options,
  created_at: iso(p.createdAt),
});

export const toEditStateJson = (s: DesignEditState | null, side: DesignSide, designId: string): EditState => ({
  design_id: designId,
  side,
  editHistory: s?.editHistory ?? [],
  selectedBrands: s?.selectedBrands ?? [],
  currentDesignHtml: s?.currentDesignHtml ?? '',
  updated_at: s ? iso(s.updatedAt) : null,
});

export const toSessionJson = (s: DesignEditSession): EditSession => ({
  id: s.id,
  side: s.side,
  edits: s.edits,
  started_at: iso(s.startedAt),
  ended_at: s.endedAt ? iso(s.endedAt) : null,
});

export const toChatMessageJson = (m: DesignChatMessage): DesignChatMessageJson => ({
  id: m.id,
  role: m.role,
  content: m.content,
  provider: m.provider,
  model: m.model,
  created_at: iso(m.createdAt),
});

/**
 * A dream shows the generated design it was saved from, else the design's latest finished one, else the
 * design's own image; with `full`, the whole design too.
 */
export function toDreamJson(dream: Dream, design: Design, generated: GeneratedDesign[], full = false): DreamJson {
  const own = generated.filter((g) => g.designId === design.id);
  const chosen =
    own.find((g) => g.id === dream.generatedDesignId) ??
    [...own].reverse().find((g) => g.status === 'completed') ??
    null;
  return {
    id: dream.id,
    title: dream.title,
    note: dream.note,
    design_id: dream.designId,
    generated_design_id: dream.generatedDesignId,
    image: mediaUrl(chosen?.image || design.image),
    original_image: mediaUrl(design.originalImage),
    options: chosen?.options ?? design.options,
    created_at: iso(dream.createdAt),
    ...(full ? { design: toDesignJson(design, own) } : {}),
  };
}
