import type { Request } from 'express';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * A request made from this machine: the socket is loopback and nothing says it was forwarded
 * for somebody else (a reverse proxy on the same host adds X-Forwarded-For / Forwarded).
 */
export function isLoopbackRequest(req: Request): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.headers.forwarded) return false;
  const forwarded = req.headers['x-forwarded-for'];
  if (!forwarded) return true;
  return ([] as string[])
    .concat(forwarded)
    .flatMap((value) => value.split(','))
    .every((hop) => isLoopbackAddress(hop.trim()));
}
