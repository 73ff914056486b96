import { ConfigError, Env, int, num, oneOf, optional, trimSlash } from './env';

export type ImageProviderName = 'local' | 'replicate' | 'openai';
export type TextProviderName = 'local' | 'openai';

/** Designer settings (AppConfig.designs), read from the environment once at start. */
export interface DesignsConfig {
  provider: ImageProviderName;
  textProvider: TextProviderName;
  creditCost: number;
  maxUploadBytes: number;
  jobAttempts: number;
  jobBackoffMs: number;
  /** Designs still pending/processing after this long are failed and refunded by the sweeper. */
  staleAfterMs: number;
  replicate: {
    baseUrl: string;
    token: string | null;
    model: string;
    version: string | null;
    pollIntervalMs: number;
    timeoutMs: number;
    costPerSecondUsd: number;
  };
  openai: {
    baseUrl: string;
    apiKey: string | null;
    imageModel: string;
    chatModel: string;
    imageCostUsd: number;
    timeoutMs: number;
  };
}

export const DESIGNS_CONFIG = Symbol('DESIGNS_CONFIG');

export function loadDesignsConfig(env: Env): DesignsConfig {
  const config: DesignsConfig = {
    provider: oneOf(env, 'DESIGN_PROVIDER', ['local', 'replicate', 'openai'] as const, 'local'),
    textProvider: oneOf(env, 'DESIGN_CHAT_PROVIDER', ['local', 'openai'] as const, 'local'),
    creditCost: int(env, 'DESIGN_CREDIT_COST', 1, 0, 1000),
    maxUploadBytes: int(env, 'DESIGN_MAX_UPLOAD_MB', 15, 1, 100) * 1024 * 1024,
    jobAttempts: int(env, 'DESIGN_JOB_ATTEMPTS', 3, 1, 10),
    jobBackoffMs: int(env, 'DESIGN_JOB_BACKOFF_MS', 2000, 0, 600_000),
    staleAfterMs: int(env, 'DESIGN_STALE_AFTER_MINUTES', 15, 1, 24 * 60) * 60_000,
    replicate: {
      baseUrl: trimSlash(env.REPLICATE_BASE_URL || 'https://api.replicate.com'),
      token: optional(env, 'REPLICATE_API_TOKEN'),
      // adirik/interior-design: ControlNet (segmentation + MLSD) on Realistic Vision for interiors.
      model: env.REPLICATE_MODEL || 'adirik/interior-design',
      version: optional(env, 'REPLICATE_MODEL_VERSION'),
      pollIntervalMs: int(env, 'REPLICATE_POLL_INTERVAL_MS', 1000, 10, 60_000),
      timeoutMs: int(env, 'REPLICATE_TIMEOUT_SECONDS', 300, 1, 3600) * 1000,
      costPerSecondUsd: num(env, 'REPLICATE_COST_PER_SECOND_USD', 0.000725),
    },
    openai: {
      baseUrl: trimSlash(env.OPENAI_BASE_URL || 'https://api.openai.com'),
      apiKey: optional(env, 'OPENAI_API_KEY'),
      imageModel: env.OPENAI_IMAGE_MODEL || 'gpt-image-1',
      chatModel: env.OPENAI_CHAT_MODEL || 'gpt-4o-mini',
      imageCostUsd: num(env, 'OPENAI_IMAGE_COST_USD', 0.042),
      timeoutMs: int(env, 'OPENAI_TIMEOUT_SECONDS', 180, 1, 3600) * 1000,
    },
  };
  if (config.provider === 'replicate' && !config.replicate.token)
    throw new ConfigError('REPLICATE_API_TOKEN must be set when DESIGN_PROVIDER=replicate');
  if ((config.provider === 'openai' || config.textProvider === 'openai') && !config.openai.apiKey) {
    throw new ConfigError('OPENAI_API_KEY must be set when DESIGN_PROVIDER or DESIGN_CHAT_PROVIDER is openai');
  }
  return config;
}
