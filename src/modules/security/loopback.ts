import type { Request } from 'express';

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * The headers by which proxies and CDNs name the client they forward for (nginx's usual `X-Real-IP`, Akamai's and
 * Cloudflare's, the de facto `X-Forwarded-For`). Each may hold a list of hops.
 */
const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'true-client-ip', 'cf-connecting-ip', 'x-client-ip'];

/**
 * A request made from this machine: the socket is loopback and nothing says it was forwarded for somebody else. A
 * reverse proxy on this host makes every request arrive from loopback, so any forwarding header that names a
 * non-loopback client (or any `Forwarded` / `Via`, which name proxies) makes the request remote. Whether to believe
 * those headers for the client's IP is `TRUST_PROXY`'s business; here they can only take locality away.
 */
export function isLoopbackRequest(req: Request): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.headers.forwarded || req.headers.via) return false;
  return CLIENT_ADDRESS_HEADERS.every((name) =>
    ([] as string[])
      .concat(req.headers[name] ?? [])
      .flatMap((value) => value.split(','))
      .every((hop) => isLoopbackAddress(hop.trim())),
  );
}
