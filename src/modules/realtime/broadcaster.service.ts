import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BroadcastDriver } from './drivers/broadcast-driver';
import { wireEventName } from './event-name';

export const BROADCAST_DRIVER = Symbol('BROADCAST_DRIVER');

export interface BroadcastOptions {
  /** Leave this socket out (Echo's toOthers); read it with socketIdFrom(req). */
  exceptSocketId?: string;
}

/**
 * The one way modules push real-time events:
 *   broadcaster.broadcast(`private-design.${id}`, 'design.progress', payload, { exceptSocketId })
 * Channel names carry their Pusher prefix (private-, presence-, private-encrypted-).
 */
@Injectable()
export class Broadcaster {
  private readonly logger = new Logger('Broadcaster');

  constructor(@Inject(BROADCAST_DRIVER) private readonly driver: BroadcastDriver) {}

  get driverName(): string {
    return this.driver.name;
  }

  async broadcast(
    channels: string | string[],
    event: string,
    payload: unknown,
    opts: BroadcastOptions = {},
  ): Promise<void> {
    const list = (Array.isArray(channels) ? channels : [channels]).filter(Boolean);
    if (list.length === 0) return;
    try {
      await this.driver.publish(list, wireEventName(event), payload, opts.exceptSocketId);
    } catch (error) {
      // A missed live update must not fail the request that caused it: clients refetch on reconnect.
      this.logger.warn(`broadcast ${event} to ${list.join(', ')} failed: ${(error as Error).message}`);
    }
  }
}
