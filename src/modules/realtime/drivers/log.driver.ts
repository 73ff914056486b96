import { Logger } from '@nestjs/common';
import type { BroadcastDriver } from './broadcast-driver';

/** Writes broadcasts to the log instead of sending them (local debugging, CI). */
export class LogBroadcastDriver implements BroadcastDriver {
  readonly name = 'log';
  private readonly logger = new Logger('Broadcast');

  async publish(channels: string[], event: string, payload: unknown, exceptSocketId?: string): Promise<void> {
    const except = exceptSocketId ? ` (except ${exceptSocketId})` : '';
    this.logger.log(`${event} on ${channels.join(', ')}${except}: ${JSON.stringify(payload)}`);
  }
}
