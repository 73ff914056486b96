/** What the UI shows about the live connection. */
export type ConnectionState = 'connected' | 'connecting' | 'unavailable' | 'offline';

/** pusher-js states -> ours. 'initialized' counts as connecting; 'failed'/'disconnected' as offline. */
export function fromPusherState(state: string): ConnectionState {
  switch (state) {
    case 'connected':
      return 'connected';
    case 'initialized':
    case 'connecting':
      return 'connecting';
    case 'unavailable':
      return 'unavailable';
    default:
      return 'offline';
  }
}

type Listener = () => void;

/** A tiny external store so React can read the state with useSyncExternalStore. */
export class ConnectionStateStore {
  private state: ConnectionState = 'offline';
  private readonly listeners = new Set<Listener>();

  get = (): ConnectionState => this.state;

  set(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export const connectionState = new ConnectionStateStore();
