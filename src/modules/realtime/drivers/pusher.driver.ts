import Pusher from 'pusher';
import { channelKind } from '../core';
import type { BroadcastDriver } from './broadcast-driver';

const CHANNELS_PER_TRIGGER = 100; // Pusher HTTP API limit

/** Hosted Pusher Channels through the official SDK (cluster us3, TLS forced). */
export class PusherBroadcastDriver implements BroadcastDriver {
  readonly name = 'pusher';

  constructor(private readonly pusher: Pusher) {}

  static create(settings: {
    appId: string;
    key: string;
    secret: string;
    cluster: string;
    encryptionMasterKeyBase64: string | null;
  }): PusherBroadcastDriver {
    return new PusherBroadcastDriver(
      new Pusher({
        appId: settings.appId,
        key: settings.key,
        secret: settings.secret,
        cluster: settings.cluster,
        useTLS: true,
        ...(settings.encryptionMasterKeyBase64
          ? { encryptionMasterKeyBase64: settings.encryptionMasterKeyBase64 }
          : {}),
      }),
    );
  }

  async publish(channels: string[], event: string, payload: unknown, exceptSocketId?: string): Promise<void> {
    const params = exceptSocketId ? { socket_id: exceptSocketId } : undefined;
    // The SDK encrypts per channel, so encrypted channels must be triggered one at a time.
    const encrypted = channels.filter((channel) => channelKind(channel) === 'encrypted');
    const plain = channels.filter((channel) => channelKind(channel) !== 'encrypted');
    const sends = encrypted.map((channel) => this.pusher.trigger(channel, event, payload, params));
    for (let i = 0; i < plain.length; i += CHANNELS_PER_TRIGGER) {
      sends.push(this.pusher.trigger(plain.slice(i, i + CHANNELS_PER_TRIGGER), event, payload, params));
    }
    await Promise.all(sends);
  }
}
