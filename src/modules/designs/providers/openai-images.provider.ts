import type { DesignsConfig } from '../../../config/designs.config';
import {
  ImageGenerationInput,
  ImageGenerationResult,
  ImageProvider,
  ProviderError,
  errorDetail,
  providerFetch,
} from './image-provider';
import { openAiPost } from './openai-request';

interface ImagesResponse {
  created: number;
  data?: Array<{ b64_json?: string; url?: string }>;
  usage?: { input_tokens?: number; output_tokens?: number; total_tokens?: number };
}

/** Sizes gpt-image-1 accepts; the photo's orientation picks one. */
function sizeFor(width: number, height: number): string {
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 0.83) return '1024x1536';
  return '1024x1024';
}

/** OpenAI image edits (POST /v1/images/edits, multipart): the room photo + the prompt. */
export class OpenAiImagesProvider implements ImageProvider {
  readonly name = 'openai';
  readonly label: string;
  readonly model: string;

  constructor(private readonly config: DesignsConfig['openai']) {
    this.model = config.imageModel;
    this.label = `OpenAI · ${config.imageModel}`;
  }

  async generate(input: ImageGenerationInput, signal?: AbortSignal): Promise<ImageGenerationResult> {
    const started = performance.now();
    const form = new FormData();
    form.append('model', this.config.imageModel);
    form.append('image', new Blob([new Uint8Array(input.image)], { type: 'image/jpeg' }), 'room.jpg');
    form.append('prompt', input.prompt);
    form.append('n', '1');
    form.append('size', sizeFor(input.width, input.height));
    if (this.config.imageModel.startsWith('dall-e')) form.append('response_format', 'b64_json');
    const res = await openAiPost(this.config, '/v1/images/edits', form, this.config.timeoutMs, signal);
    const body = (await res.json()) as ImagesResponse;
    const item = body.data?.[0];
    let image: Buffer;
    if (item?.b64_json) image = Buffer.from(item.b64_json, 'base64');
    else if (item?.url) {
      const file = await providerFetch('OpenAI', item.url, {}, 60_000, signal);
      if (!file.ok) throw ProviderError.fromStatus('OpenAI file server', file.status, await errorDetail(file));
      image = Buffer.from(await file.arrayBuffer());
    } else throw new ProviderError('OpenAI returned no image', false);
    return {
      image,
      model: this.model,
      usage: {
        units: 1,
        unit: 'image',
        costUsd: this.config.imageCostUsd,
        durationMs: performance.now() - started,
        inputTokens: body.usage?.input_tokens,
        outputTokens: body.usage?.output_tokens,
      },
    };
  }
}
