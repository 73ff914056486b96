import type { DesignOptions } from '../entities';

export interface ImageGenerationInput {
  /** The room photo, JPEG, already oriented and at most WORKING_MAX_SIDE on its long side. */
  image: Buffer;
  width: number;
  height: number;
  options: DesignOptions;
  prompt: string;
  kind: 'generate' | 'regenerate';
  /** Deterministic variation: the same seed and inputs give the same picture on the local engine. */
  seed: number;
}

export interface ImageGenerationResult {
  /** Encoded image (JPEG/PNG/WebP); the job normalises it. */
  image: Buffer;
  model: string;
  usage: {
    units: number;
    unit: string;
    costUsd: number;
    durationMs: number;
    inputTokens?: number;
    outputTokens?: number;
  };
}

/** One image-to-image service; chosen by DESIGN_PROVIDER. */
export interface ImageProvider {
  readonly name: string;
  /** What the UI calls it, honestly. */
  readonly label: string;
  readonly model: string;
  generate(input: ImageGenerationInput, signal?: AbortSignal): Promise<ImageGenerationResult>;
}

/**
 * A provider failure. `retryable` false (bad input, refused content, bad key) fails the design at
 * once; true (rate limit, 5xx, timeouts, network) lets the queue try again.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  static fromStatus(provider: string, status: number, detail: string): ProviderError {
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const what =
      status === 401 || status === 403
        ? 'rejected the API key'
        : status === 429
          ? 'is rate limiting us'
          : `answered ${status}`;
    return new ProviderError(`${provider} ${what}: ${detail}`.slice(0, 480), retryable, status);
  }
}

/** fetch with a timeout; network failures become retryable ProviderErrors. */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await fetch(url, { ...init, signal: combined });
  } catch (error) {
    const reason = timeout.aborted ? `timed out after ${Math.round(timeoutMs / 1000)} s` : (error as Error).message;
    throw new ProviderError(`${provider} could not be reached: ${reason}`, true);
  }
}

export async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown; error?: unknown; message?: unknown; title?: unknown };
    const error = body.error as { message?: string } | string | undefined;
    const detail = body.detail ?? (typeof error === 'object' ? error?.message : error) ?? body.message ?? body.title;
    if (detail) return String(detail);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 200) || res.statusText || 'no details';
}
