import type { DesignOptions } from '../entities';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface DesignContext {
  options: DesignOptions;
  prompt: string | null;
  /** Dominant colours of the latest generated image, hex. */
  palette: string[];
  generatedCount: number;
}

export interface TextCompletion {
  content: string;
  model: string;
  usage: { inputTokens: number; outputTokens: number; costUsd: number; durationMs: number };
}

/** A text model that talks about a design; chosen by DESIGN_CHAT_PROVIDER. */
export interface TextModelProvider {
  readonly name: string;
  readonly label: string;
  readonly model: string;
  reply(history: ChatTurn[], context: DesignContext): Promise<TextCompletion>;
}

export const TEXT_PROVIDER = Symbol('TEXT_PROVIDER');

export function systemPrompt(context: DesignContext): string {
  const o = context.options;
  return [
    'You are Reelty’s interior design assistant. Answer briefly and concretely about the room design the user is looking at.',
    `Room: ${o.roomType ?? 'unspecified'}; theme: ${o.theme ?? 'unspecified'}; palette: ${o.colors ?? 'unspecified'}; location: ${o.location ?? 'unspecified'}; designer: ${o.designer ?? 'any'}.`,
    context.palette.length ? `Dominant colours of the generated image: ${context.palette.join(', ')}.` : '',
    context.prompt ? `The user’s prompt: ${context.prompt}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Rough token count (4 characters per token), for providers that do not report usage. */
export const approxTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));
