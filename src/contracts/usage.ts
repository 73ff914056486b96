/** Wire shapes of model usage (User/LlmUsage and /api/usage). Type-only. */
import type { Page } from './common';

export type UsageKind = 'llm' | 'image';

/** One call to a text or image model. */
export interface UsageRow {
  id: string;
  kind: UsageKind;
  provider: string;
  model: string;
  operation: string;
  units: number;
  unit: string;
  input_tokens: number | null;
  output_tokens: number | null;
  cost_usd: number;
  duration_ms: number | null;
  succeeded: boolean;
  created_at: string;
}

/** Calls, units and cost summed per provider, model, kind and unit. */
export interface UsageTotals {
  provider: string;
  model: string;
  kind: UsageKind;
  calls: number;
  units: number;
  unit: string;
  cost_usd: number;
}

export type UsagePage = Page<UsageRow>;
