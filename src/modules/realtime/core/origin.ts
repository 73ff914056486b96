/**
 * Origin check against host patterns (as Reverb does): '*' allows all,
 * 'example.com' matches exactly, '*.example.com' matches any subdomain.
 * A missing Origin is accepted: only browsers send it, and the check exists to stop
 * other sites' pages from opening sockets; non-browser clients could forge it anyway.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.length === 0 || allowed.includes('*')) return true;
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const hostname = host.replace(/:\d+$/, '');
  return allowed.some((pattern) => {
    const p = pattern.replace(/^https?:\/\//, '');
    if (p.startsWith('*.')) return hostname.endsWith(p.slice(1));
    return p === host || p === hostname;
  });
}
