import { Controller, Delete, Get, HttpCode, Param, ParseEnumPipe, Post, Query } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import { Clock } from '../../common/clock';
import { PageQueryDto } from '../../common/page-query.dto';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { QUEUES, type QueueName } from '../jobs';
import { JOB_STATES, QueueMonitorService, type JobState } from './queue-monitor.service';

/** Which queue and job state to show; an unknown name shows the defaults (failed designs), never an error. */
export class QueueMonitorQueryDto extends PageQueryDto {
  @IsOptional() @IsString() queue?: string;
  @IsOptional() @IsString() state?: string;

  currentQueue(): QueueName {
    return pick(this.queue, QUEUES, 'designs');
  }

  currentState(): JobState {
    return pick(this.state, JOB_STATES, 'failed');
  }
}

const pick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * Admin QueueMonitor: counts and an hour's throughput per queue, jobs with progress, durations and errors, pause and
 * resume, retry or remove failed jobs one by one or all at once. Live through QueueEventsRelay's pushes.
 */
@Controller()
@Roles('admin')
export class QueueMonitorController {
  constructor(
    private readonly monitor: QueueMonitorService,
    private readonly clock: Clock,
  ) {}

  private async overview(query: QueueMonitorQueryDto) {
    const q = query.currentQueue();
    const s = query.currentState();
    return {
      mode: this.monitor.mode,
      queues: await this.monitor.states(),
      queue: q,
      state: s,
      jobs: await this.monitor.list(q, s, query.page ?? 1),
      throughput: await this.monitor.throughput(),
      at: this.clock.now().toISOString(),
    };
  }

  @Get('admin/queue-monitor')
  async page(@Query() query: QueueMonitorQueryDto) {
    return Inertia.render('Admin/QueueMonitor', await this.overview(query));
  }

  @Get('api/admin/queues')
  api(@Query() query: QueueMonitorQueryDto) {
    return this.overview(query);
  }

  @Post('api/admin/queues/:queue/jobs/:id/retry')
  @HttpCode(200)
  async retry(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName, @Param('id') id: string) {
    return { message: 'Job queued again', job: await this.monitor.retry(queue, id) };
  }

  @Post('api/admin/queues/:queue/pause')
  @HttpCode(200)
  async pause(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName) {
    await this.monitor.pause(queue);
    return { message: `${queue} is paused: its workers take no new job` };
  }

  @Post('api/admin/queues/:queue/resume')
  @HttpCode(200)
  async resume(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName) {
    await this.monitor.resume(queue);
    return { message: `${queue} runs again` };
  }

  @Post('api/admin/queues/:queue/failed/retry')
  @HttpCode(200)
  async retryFailed(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName) {
    const count = await this.monitor.retryFailed(queue);
    return { message: `${count} failed job${count === 1 ? '' : 's'} queued again`, count };
  }

  @Delete('api/admin/queues/:queue/failed')
  async removeFailed(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName) {
    const count = await this.monitor.removeFailed(queue);
    return { message: `${count} failed job${count === 1 ? '' : 's'} removed`, count };
  }

  @Delete('api/admin/queues/:queue/jobs/:id')
  async remove(@Param('queue', new ParseEnumPipe(QUEUES)) queue: QueueName, @Param('id') id: string) {
    await this.monitor.remove(queue, id);
    return { message: 'Job removed' };
  }
}
