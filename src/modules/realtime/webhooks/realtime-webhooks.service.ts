import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { JobRegistry, JobsService } from '../../jobs';
import { hmacSha256Hex, type WebhookEvent } from '../core';

export const WEBHOOK_JOB = 'realtime.deliver';

/** One signed POST to one receiver; the body is kept as sent so the signature stays valid on retries. */
export interface WebhookDelivery {
  url: string;
  body: string;
}

/** Events in a batch before it is sent without waiting for the batch window. */
const MAX_BATCH = 100;
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Pusher webhooks of the built-in server: events are collected for `batchMs`, then one job per receiver
 * POSTs `{time_ms, events}` signed like Pusher's (X-Pusher-Key, X-Pusher-Signature = HMAC-SHA256 of the
 * body with the app secret). A receiver answering other than 2xx is retried with backoff by the queue.
 */
@Injectable()
export class RealtimeWebhooks implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('RealtimeWebhooks');
  private readonly settings: AppConfig['broadcasting']['webhooks'];
  private readonly wanted: Set<string>;
  private pending: WebhookEvent[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
  ) {
    this.settings = config.broadcasting.webhooks;
    this.wanted = new Set(this.settings.events);
  }

  onModuleInit(): void {
    this.registry.register<WebhookDelivery>('webhooks', WEBHOOK_JOB, { handle: (data) => this.deliver(data) });
  }

  get enabled(): boolean {
    return this.settings.urls.length > 0;
  }

  record(event: WebhookEvent): void {
    if (!this.enabled || !this.wanted.has(event.name)) return;
    this.pending.push(event);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.settings.batchMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.pending.splice(0);
    if (events.length === 0) return;
    const body = JSON.stringify({ time_ms: this.clock.nowMs(), events });
    for (const url of this.settings.urls) {
      try {
        await this.jobs.dispatch<WebhookDelivery>(
          'webhooks',
          WEBHOOK_JOB,
          { url, body },
          { attempts: 6, backoffMs: 1000 },
        );
      } catch (error) {
        this.logger.warn(`webhook batch for ${url} not queued: ${(error as Error).message}`);
      }
    }
  }

  async deliver({ url, body }: WebhookDelivery): Promise<void> {
    const { key, secret } = this.config.broadcasting;
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Pusher-Key': key,
        'X-Pusher-Signature': hmacSha256Hex(secret, body),
      },
      body,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`webhook receiver ${url} answered ${response.status}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
