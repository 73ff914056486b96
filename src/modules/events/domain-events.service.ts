import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { DomainEventEnvelope, DomainEventMap, DomainEventName } from '../../contracts/events';
import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs';

type Consumer<N extends DomainEventName> = (event: DomainEventEnvelope<N>) => Promise<void>;

/**
 * The monolith's event bus. A publisher names the event and gives it a stable id; every subscriber gets its own
 * job on the `events` queue (retried on failure, one consumer's failure never blocks another's). Delivery is at
 * least once, so each consumer must make a repeated id a no-op (a unique key on what it writes).
 * Publish after the transaction that made the fact true has committed.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly consumers = new Map<DomainEventName, string[]>();

  constructor(
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
  ) {}

  /** Call in the consuming module's onModuleInit; `consumer` is a stable name such as `affiliates.commissions`. */
  subscribe<N extends DomainEventName>(name: N, consumer: string, handle: Consumer<N>): void {
    this.registry.register<DomainEventEnvelope<N>>('events', jobName(name, consumer), { handle });
    this.consumers.set(name, [...(this.consumers.get(name) ?? []), consumer]);
  }

  async publish<N extends DomainEventName>(name: N, id: string, payload: DomainEventMap[N]): Promise<void> {
    const envelope: DomainEventEnvelope<N> = { id, name, occurred_at: this.clock.now().toISOString(), payload };
    const consumers = this.consumers.get(name) ?? [];
    for (const consumer of consumers) {
      await this.jobs.dispatch('events', jobName(name, consumer), envelope, {
        jobId: `${consumer}|${id}`,
        attempts: 8,
      });
    }
    this.logger.debug(`${name} ${id} → ${consumers.length} consumer(s)`);
  }

  /** Runs one consumer now with an envelope (tests and replays); the same path the worker takes. */
  async deliver<N extends DomainEventName>(consumer: string, envelope: DomainEventEnvelope<N>): Promise<void> {
    await this.registry
      .get('events', jobName(envelope.name, consumer))
      .handle(envelope, { id: `manual|${envelope.id}`, attempt: 1, progress: async () => undefined });
  }
}

function jobName(name: DomainEventName, consumer: string): string {
  return `${name}>${consumer}`;
}
