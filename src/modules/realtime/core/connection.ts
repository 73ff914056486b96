import type { WebSocket } from 'ws';
import { TokenBucket } from './rate-limiter';
import { encodeFrame, errorFrame } from './protocol';

export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

/** One client socket: its id, subscriptions, liveness and client-event budget. */
export class Connection {
  readonly subscriptions = new Set<string>();
  /** Presence membership per channel, needed to announce removal when the socket goes. */
  readonly presence = new Map<string, PresenceMember>();
  lastSeenAt = performance.now();
  pingSentAt: number | null = null;
  closed = false;
  /** Set by `pusher:signin`: the user this socket is signed in as (for server-to-user events and terminations). */
  userId: string | null = null;
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    readonly socketId: string,
    private readonly socket: WebSocket,
    readonly clientEvents: TokenBucket,
  ) {}

  /**
   * Runs channel changes of one socket one after another, so a close that arrives while a subscribe is still
   * writing to the cluster state undoes it only after it is complete (never subtracting before adding).
   */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.pending.then(work, work);
    this.pending = next.catch(() => undefined);
    return next;
  }

  touch(): void {
    this.lastSeenAt = performance.now();
    this.pingSentAt = null;
  }

  /** A Buffer is sent as a text frame: fan-out encodes a frame once and shares the bytes. */
  sendRaw(frame: string | Buffer): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) this.socket.send(frame, { binary: false });
  }

  send(event: string, data: unknown, channel?: string): void {
    this.sendRaw(encodeFrame(event, data, channel));
  }

  /** Refuses one subscription; the socket and its other channels carry on. */
  refuseSubscription(channel: string, type: string, status: number, error: string): void {
    this.send('pusher:subscription_error', { type, error, status }, channel);
  }

  sendError(code: number | null, message: string): void {
    this.sendRaw(errorFrame(code, message));
  }

  /** Protocol 7: the error frame first, then the close code pusher-js acts on. */
  fail(code: number, message: string): void {
    this.sendError(code, message);
    this.close(code, message);
  }

  ping(): void {
    this.pingSentAt = performance.now();
    this.send('pusher:ping', {});
  }

  close(code = 1000, reason = ''): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason.slice(0, 120));
  }

  terminate(): void {
    this.closed = true;
    this.socket.terminate();
  }
}
