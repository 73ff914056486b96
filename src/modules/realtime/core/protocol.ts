/**
 * Pusher Channels protocol 7 vocabulary: error codes and frame builders.
 * Close codes follow the protocol's ranges, which pusher-js maps to actions:
 * 4000-4099 refuse (do not reconnect), 4100-4199 back off, 4200-4299 reconnect now.
 */
export const PROTOCOL_VERSION = 7;

export const ErrorCode = {
  UnknownApp: 4001,
  UnsupportedProtocol: 4007,
  OverConnectionQuota: 4004,
  Unauthorized: 4009, // origin not allowed, message too large, bad sign-in, terminated by the app (as Reverb answers)
  OverCapacity: 4100,
  Reconnect: 4200, // server shutting down: reconnect immediately (to another node)
  PongNotReceived: 4201,
  ClientEventRejected: 4301,
} as const;

export interface PusherFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** Server frames carry `data` as a JSON string, as every Pusher client expects. */
export function encodeFrame(event: string, data: unknown, channel?: string, userId?: string): string {
  const frame: PusherFrame = { event, data: typeof data === 'string' ? data : JSON.stringify(data) };
  if (channel !== undefined) frame.channel = channel;
  if (userId !== undefined) frame.user_id = userId;
  return JSON.stringify(frame);
}

export function errorFrame(code: number | null, message: string): string {
  return encodeFrame('pusher:error', { code, message });
}

export function connectionEstablishedFrame(socketId: string, activityTimeoutSeconds: number): string {
  return encodeFrame('pusher:connection_established', {
    socket_id: socketId,
    activity_timeout: activityTimeoutSeconds,
  });
}

/** Parses an incoming frame; `data` may be an object or a JSON string depending on the client. */
export function decodeFrame(raw: string): PusherFrame | null {
  try {
    const frame = JSON.parse(raw) as PusherFrame;
    if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return null;
    return frame;
  } catch {
    return null;
  }
}

export function frameData(frame: PusherFrame): Record<string, unknown> {
  if (typeof frame.data === 'string') {
    try {
      const parsed = JSON.parse(frame.data) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return frame.data && typeof frame.data === 'object' ? (frame.data as Record<string, unknown>) : {};
}
