import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Runtime } from '../../config/runtime';
import { REDIS, RUNTIME } from '../../infra/runtime.module';
import { Public } from '../auth';
import { JobsService } from '../jobs';
import { StartupState } from './startup-state';

type Check = { status: 'ok' | 'down'; detail?: string; latencyMs?: number };

/** Each dependency gets this long to answer: the health check itself must answer fast when one is gone. */
export const HEALTH_PROBE_TIMEOUT_MS = 1000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_PROBE_TIMEOUT_MS} ms`)),
      HEALTH_PROBE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([probe(), timeout]);
    return { status: 'ok', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', detail: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and dependencies, for load balancers and people: 200 when all is well, 503 otherwise. */
@Controller('health')
export class HealthController {
  constructor(
    // Infrastructure, not an area: `SELECT 1` probes the connection and reads no table.
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly jobs: JobsService,
    private readonly startup: StartupState,
  ) {}

  @Get()
  @Public()
  async check(@Res({ passthrough: true }) res: Response) {
    let states: Awaited<ReturnType<JobsService['states']>> = [];
    const [databaseCheck, redisCheck, queueCheck] = await Promise.all([
      timed(() => this.db.query('SELECT 1')),
      this.redis ? timed(() => this.redis!.ping()) : null,
      timed(async () => (states = await this.jobs.states())),
    ]);
    const database = { ...databaseCheck, source: this.runtime.databaseSource };
    const redis = redisCheck
      ? { ...redisCheck, source: this.runtime.redisSource }
      : { status: 'ok' as const, source: 'in-process' as const, detail: 'No Redis: jobs run in this process' };
    const queues =
      queueCheck.status === 'ok'
        ? { status: 'ok' as const, mode: this.jobs.mode, queues: states }
        : { status: 'down' as const, mode: this.jobs.mode, detail: queueCheck.detail };
    const healthy = database.status === 'ok' && redis.status === 'ok' && queues.status === 'ok';
    res.status(healthy ? 200 : 503).setHeader('Cache-Control', 'no-store');
    // Serving already, still getting ready (the demo data loads after the node listens).
    const step = this.startup.current();
    return {
      status: healthy ? (step ? 'starting' : 'ok') : 'degraded',
      ...(step ? { starting: step } : {}),
      uptimeSeconds: Math.round(process.uptime()),
      database,
      redis,
      queue: queues,
    };
  }
}
