import type { DesignsConfig } from '../../../config/designs.config';
import { ProviderError } from '../providers/image-provider';
import { openAiPost } from '../providers/openai-request';
import { ChatTurn, DesignContext, systemPrompt, TextCompletion, TextModelProvider } from './text-provider';

/** USD per million tokens (input, output) for the models we default to; others count as 0. */
const PRICES: Record<string, [number, number]> = {
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-4.1-mini': [0.4, 1.6],
};

/** OpenAI chat completions (POST /v1/chat/completions). */
export class OpenAiChatProvider implements TextModelProvider {
  readonly name = 'openai';
  readonly label: string;
  readonly model: string;

  constructor(private readonly config: DesignsConfig['openai']) {
    this.model = config.chatModel;
    this.label = `OpenAI · ${config.chatModel}`;
  }

  async reply(history: ChatTurn[], context: DesignContext): Promise<TextCompletion> {
    const started = performance.now();
    const res = await openAiPost(
      this.config,
      '/v1/chat/completions',
      {
        model: this.config.chatModel,
        messages: [{ role: 'system', content: systemPrompt(context) }, ...history.slice(-20)],
        max_tokens: 500,
        temperature: 0.6,
      },
      60_000,
    );
    const body = (await res.json()) as {
      model?: string;
      choices?: Array<{ message?: { content?: string } }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    const content = body.choices?.[0]?.message?.content?.trim();
    if (!content) throw new ProviderError('OpenAI returned an empty answer', true);
    const input = body.usage?.prompt_tokens ?? 0;
    const output = body.usage?.completion_tokens ?? 0;
    const [pin, pout] = PRICES[this.config.chatModel] ?? [0, 0];
    return {
      content,
      model: body.model ?? this.model,
      usage: {
        inputTokens: input,
        outputTokens: output,
        costUsd: (input * pin + output * pout) / 1e6,
        durationMs: performance.now() - started,
      },
    };
  }
}
