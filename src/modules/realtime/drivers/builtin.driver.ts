import { channelKind, sealForChannel, type PusherServer } from '../core';
import type { BroadcastDriver } from './broadcast-driver';

/**
 * Publishes through this node's server (and its Redis bus, so every node delivers).
 * Payloads for `private-encrypted-` channels are sealed here, as Pusher's server SDKs do.
 */
export class BuiltinBroadcastDriver implements BroadcastDriver {
  readonly name = 'builtin';

  constructor(
    private readonly server: PusherServer,
    private readonly masterKeyBase64: string,
  ) {}

  async publish(channels: string[], event: string, payload: unknown, exceptSocketId?: string): Promise<void> {
    const json = JSON.stringify(payload ?? null);
    const plain = channels.filter((channel) => channelKind(channel) !== 'encrypted');
    const encrypted = channels.filter((channel) => channelKind(channel) === 'encrypted');
    const sends: Promise<void>[] = [];
    if (plain.length) sends.push(this.server.publish(plain, event, json, exceptSocketId));
    for (const channel of encrypted) {
      sends.push(
        this.server.publish([channel], event, sealForChannel(channel, this.masterKeyBase64, json), exceptSocketId),
      );
    }
    await Promise.all(sends);
  }
}
