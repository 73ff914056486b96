import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { JobRegistry } from './job-registry';
import type { JobHandler } from './job.types';
import { JobsService } from './jobs.service';

/**
 * Timed rules (holds, deadlines, expiries, phase changes) as delayed jobs on the `timers` queue. The handler is
 * told only "it may be time": it must load the record and re-check the rule against `Clock.now()` when it fires,
 * because the record may have moved on (claimed, cancelled, rescheduled) since the timer was set. Handlers are
 * therefore idempotent and a timer firing early or twice changes nothing.
 */
@Injectable()
export class TimersService {
  constructor(
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
  ) {}

  /** Registers the handler of a timer name (call in the owning module's onModuleInit). */
  define<T>(name: string, handler: JobHandler<T>['handle']): void {
    this.registry.register<T>('timers', name, { handle: handler });
  }

  /**
   * Runs `name` with `data` at `when`. `key` names the rule instance (e.g. `claim-deadline:<winnerId>`): the same
   * key and instant are queued once, and a new instant for the same key is a new timer (the old one re-checks and
   * finds nothing to do).
   */
  async at<T>(when: Date, name: string, data: T, key: string): Promise<void> {
    const delayMs = Math.max(0, when.getTime() - this.clock.nowMs());
    await this.jobs.dispatch('timers', name, data, { delayMs, jobId: `${name}:${key}:${when.getTime()}`, attempts: 5 });
  }

  /**
   * Arms `name` (no data) at the next whole multiple of `everyMinutes`, for a chain whose handler arms the next run:
   * every node asks for the same boundary, so one job runs per boundary.
   */
  async atNextBoundary(name: string, everyMinutes: number): Promise<void> {
    const every = everyMinutes * 60_000;
    await this.at(new Date(Math.floor(this.clock.nowMs() / every) * every + every), name, {}, 'chain');
  }

  /** Runs a timer's handler now, as the worker would when it fires (tests after `clock.advance`, admins by hand). */
  async fire<T>(name: string, data: T): Promise<unknown> {
    const handler = this.registry.get('timers', name);
    return handler.handle(data, { id: `manual:${name}`, attempt: 1, progress: async () => undefined });
  }
}
