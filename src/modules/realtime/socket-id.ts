import type { IncomingHttpHeaders } from 'node:http';

/** The X-Socket-Id header (Echo's toOthers) if it is a well-formed Pusher socket id. */
export function socketIdFrom(req: { headers: IncomingHttpHeaders }): string | undefined {
  const raw = req.headers['x-socket-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^\d+\.\d+$/.test(value) ? value : undefined;
}
