import type { DesignsConfig } from '../../../config/designs.config';
import { NEGATIVE_PROMPT } from '../prompts';
import {
  ImageGenerationInput,
  ImageGenerationResult,
  ImageProvider,
  ProviderError,
  errorDetail,
  providerFetch,
} from './image-provider';

interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
  metrics?: { predict_time?: number };
  urls?: { get?: string; cancel?: string };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ProviderError('Replicate prediction was cancelled', true));
    });
  });

/**
 * Replicate (https://replicate.com/docs/reference/http): creates a prediction of an interior
 * ControlNet/SDXL model, polls it until it succeeds or fails, downloads the output image.
 * REPLICATE_MODEL_VERSION set → POST /v1/predictions {version}; otherwise the model's own
 * endpoint POST /v1/models/{owner}/{name}/predictions.
 */
export class ReplicateProvider implements ImageProvider {
  readonly name = 'replicate';
  readonly label: string;
  readonly model: string;

  constructor(private readonly config: DesignsConfig['replicate']) {
    this.model = config.version ? `${config.model}:${config.version.slice(0, 12)}` : config.model;
    this.label = `Replicate · ${config.model}`;
  }

  private headers(): Record<string, string> {
    return {
      Authorization: `Bearer ${this.config.token}`,
      'Content-Type': 'application/json',
      'User-Agent': 'reelty-designer/1',
    };
  }

  async generate(input: ImageGenerationInput, signal?: AbortSignal): Promise<ImageGenerationResult> {
    const started = performance.now();
    const body = {
      ...(this.config.version ? { version: this.config.version } : {}),
      input: {
        image: `data:image/jpeg;base64,${input.image.toString('base64')}`,
        prompt: input.prompt,
        negative_prompt: NEGATIVE_PROMPT,
        num_inference_steps: 40,
        guidance_scale: 15,
        prompt_strength: input.kind === 'regenerate' ? 0.65 : 0.8,
        seed: input.seed,
      },
    };
    const createUrl = this.config.version
      ? `${this.config.baseUrl}/v1/predictions`
      : `${this.config.baseUrl}/v1/models/${this.config.model}/predictions`;
    const created = await providerFetch(
      'Replicate',
      createUrl,
      { method: 'POST', headers: this.headers(), body: JSON.stringify(body) },
      60_000,
      signal,
    );
    if (!created.ok) throw ProviderError.fromStatus('Replicate', created.status, await errorDetail(created));
    let prediction = (await created.json()) as Prediction;
    const deadline = performance.now() + this.config.timeoutMs;

    while (prediction.status === 'starting' || prediction.status === 'processing') {
      if (performance.now() > deadline) {
        await this.cancel(prediction).catch(() => undefined);
        throw new ProviderError(
          `Replicate prediction ${prediction.id} did not finish within ${Math.round(this.config.timeoutMs / 1000)} s`,
          true,
        );
      }
      await sleep(this.config.pollIntervalMs, signal);
      const url = prediction.urls?.get ?? `${this.config.baseUrl}/v1/predictions/${prediction.id}`;
      const polled = await providerFetch('Replicate', url, { headers: this.headers() }, 30_000, signal);
      if (!polled.ok) {
        // A rate-limited or failing poll is not the prediction failing: keep polling until the deadline.
        if (polled.status === 429 || polled.status >= 500) continue;
        throw ProviderError.fromStatus('Replicate', polled.status, await errorDetail(polled));
      }
      prediction = (await polled.json()) as Prediction;
    }

    if (prediction.status !== 'succeeded') {
      const reason =
        prediction.error ||
        (prediction.status === 'canceled' ? 'the prediction was cancelled' : 'the prediction failed');
      // Model errors (NSFW filter, bad image) repeat on retry; they fail the design.
      throw new ProviderError(`Replicate could not generate the design: ${reason}`, false);
    }
    const outputUrl = Array.isArray(prediction.output)
      ? prediction.output[prediction.output.length - 1]
      : prediction.output;
    if (!outputUrl) throw new ProviderError('Replicate returned no image', false);
    const image = await this.download(outputUrl, signal);
    const seconds = prediction.metrics?.predict_time ?? (performance.now() - started) / 1000;
    return {
      image,
      model: this.model,
      usage: {
        units: Math.round(seconds * 1000) / 1000,
        unit: 'gpu_second',
        costUsd: seconds * this.config.costPerSecondUsd,
        durationMs: performance.now() - started,
      },
    };
  }

  private async download(url: string, signal?: AbortSignal): Promise<Buffer> {
    if (url.startsWith('data:')) return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const res = await providerFetch('Replicate', url, {}, 60_000, signal);
    if (!res.ok) throw ProviderError.fromStatus('Replicate file server', res.status, await errorDetail(res));
    return Buffer.from(await res.arrayBuffer());
  }

  private async cancel(prediction: Prediction): Promise<void> {
    const url = prediction.urls?.cancel ?? `${this.config.baseUrl}/v1/predictions/${prediction.id}/cancel`;
    await providerFetch('Replicate', url, { method: 'POST', headers: this.headers() }, 10_000);
  }
}
