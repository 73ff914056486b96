/** Where broadcasts go: the built-in server, hosted Pusher, or the log. */
export interface BroadcastDriver {
  readonly name: string;
  publish(channels: string[], event: string, payload: unknown, exceptSocketId?: string): Promise<void>;
}
