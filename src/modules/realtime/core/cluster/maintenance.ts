import type { PresenceMember } from '../connection';
import type { WebhookEvent } from '../webhook-events';
import type { ClusterState } from './types';

/** Time spent keeping the cluster state honest (lease renewal + sweep of dead nodes), for the benchmark. */
export interface ClusterMaintenanceStats {
  runs: number;
  totalMs: number;
  maxMs: number;
  sweptNodes: number;
}

export interface ClusterMaintenanceHooks {
  announceRemoval(channel: string, member: PresenceMember): Promise<void>;
  notify(event: WebhookEvent): void;
  /** This node's lease lapsed (it stalled): others may have swept its members, so its sockets must rejoin. */
  onLeaseLost(): void;
  logger: { warn(message: string): void };
}

/**
 * Every interval: renew this node's lease, then sweep crashed nodes. Their members are announced as removed
 * (once cluster-wide, by the node that swept them) and their subscriptions subtracted.
 */
export class ClusterMaintenance {
  readonly stats: ClusterMaintenanceStats = { runs: 0, totalMs: 0, maxMs: 0, sweptNodes: 0 };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly state: ClusterState,
    private readonly intervalMs: number,
    private readonly hooks: ClusterMaintenanceHooks,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round; a round still running is joined rather than overlapped. */
  run(): Promise<void> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<void> {
    const startedAt = process.hrtime.bigint();
    const { logger } = this.hooks;
    try {
      if (!(await this.state.heartbeat())) {
        logger.warn('realtime: this node lost its cluster lease; its clients reconnect to rejoin');
        this.hooks.onLeaseLost();
      }
      const swept = await this.state.sweepDeadNodes();
      for (const { channel, member } of swept.removedMembers) await this.hooks.announceRemoval(channel, member);
      for (const channel of swept.vacatedChannels) this.hooks.notify({ name: 'channel_vacated', channel });
      if (swept.deadNodes.length) {
        this.stats.sweptNodes += swept.deadNodes.length;
        logger.warn(
          `realtime: swept dead node(s) ${swept.deadNodes.join(', ')}: ` +
            `${swept.removedMembers.length} member(s) removed, ${swept.vacatedChannels.length} channel(s) vacated`,
        );
      }
    } catch (error) {
      logger.warn(`realtime: cluster maintenance failed: ${String(error)}`);
    } finally {
      const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
      this.stats.runs += 1;
      this.stats.totalMs += ms;
      this.stats.maxMs = Math.max(this.stats.maxMs, ms);
    }
  }
}
