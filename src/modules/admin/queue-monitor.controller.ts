import { Controller, Delete, Get, HttpCode, Param, ParseEnumPipe, Post, Query } from '@nestjs/common';
import { Roles } from '../auth/auth.decorators';
import { Inertia } from '../inertia/inertia';
import { QUEUES, QueueName } from '../jobs/job.types';
import { JOB_STATES, QueueMonitorService } from './queue-monitor.service';

const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const pageOf = (raw: unknown) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** Admin QueueMonitor: counts per queue, jobs with progress and errors, retry/remove of failed jobs. */
@Controller()
@Roles('admin')
export class QueueMonitorController {
  constructor(private readonly monitor: QueueMonitorService) {}

  private async overview(queue?: string, state?: string, page?: string) {
    const q = pick(queue, QUEUES, 'designs');
    const s = pick(state, JOB_STATES, 'failed');
    return {
      mode: this.monitor.mode,
      queues: await this.monitor.states(),
      queue: q,
      state: s,
      jobs: await this.monitor.list(q, s, pageOf(page)),
      at: new Date().toISOString(),
    };
  }

  @Get('admin/queue-monitor')
  async page(@Query('queue') queue?: string, @Query('state') state?: string, @Query('page') page?: string) {
    return Inertia.render('Admin/QueueMonitor', await this.overview(queue, state, page));
  }

  @Get('api/admin/queues')
  api(@Query('queue') queue?: string, @Query('state') state?: string, @Query('page') page?: string) {
    return this.overview(queue, state, page);
  }

  @Post('api/admin/queues/:queue/jobs/:id/retry')
  @HttpCode(200)
  async retry(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName, @Param('id') id: string) {
    return { message: 'Job queued again', job: await this.monitor.retry(queue, id) };
  }

  @Delete('api/admin/queues/:queue/jobs/:id')
  async remove(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName, @Param('id') id: string) {
    await this.monitor.remove(queue, id);
    return { message: 'Job removed' };
  }
}
