import type { Connection } from './connection';

/** This node's index of channel -> subscribed connections. */
export class LocalChannels {
  private readonly channels = new Map<string, Set<Connection>>();

  add(channel: string, connection: Connection): boolean {
    let members = this.channels.get(channel);
    if (!members) this.channels.set(channel, (members = new Set()));
    if (members.has(connection)) return false;
    members.add(connection);
    return true;
  }

  remove(channel: string, connection: Connection): boolean {
    const members = this.channels.get(channel);
    if (!members?.delete(connection)) return false;
    if (members.size === 0) this.channels.delete(channel);
    return true;
  }

  subscribers(channel: string): ReadonlySet<Connection> | undefined {
    return this.channels.get(channel);
  }

  count(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  names(): IterableIterator<string> {
    return this.channels.keys();
  }
}
