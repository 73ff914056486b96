import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Runtime } from '../../config/runtime';
import { REDIS, RUNTIME } from '../../infra/runtime.module';
import { Public } from '../auth';
import { JobsService } from '../jobs';

type Check = { status: 'ok' | 'down'; detail?: string; latencyMs?: number };

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await probe();
    return { status: 'ok', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', detail: (error as Error).message };
  }
}

/** Liveness and dependencies, for load balancers and people: 200 when all is well, 503 otherwise. */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly jobs: JobsService,
  ) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: Response) {
    const database = { ...(await timed(() => this.db.query('SELECT 1'))), source: this.runtime.databaseSource };
    const redis = this.redis
      ? { ...(await timed(() => this.redis!.ping())), source: this.runtime.redisSource }
      : { status: 'ok' as const, source: 'in-process' as const, detail: 'No Redis: jobs run in this process' };
    const queues = await this.jobs.states().then(
      (states) => ({ status: 'ok' as const, mode: this.jobs.mode, queues: states }),
      (error: Error) => ({ status: 'down' as const, mode: this.jobs.mode, detail: error.message }),
    );
    const healthy = database.status === 'ok' && redis.status === 'ok' && queues.status === 'ok';
    res.status(healthy ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return {
      status: healthy ? 'ok' : 'degraded',
      uptimeSeconds: Math.round(process.uptime()),
      database,
      redis,
      queue: queues,
    };
  }
}
