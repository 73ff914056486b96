import type { Request, Response } from 'express';

/**
 * Caching headers for a public read whose answer depends on who asks (a guest's is the same for every guest, a
 * signed-in viewer's is their own). A guest's answer may be kept by any cache but is revalidated on every use
 * (`public, no-cache`): its ETag (set by the route, or Express's hash of the body) turns an unchanged answer into a
 * 304. A signed-in viewer's answer is kept by nobody (`private, no-store`) and is always sent whole: its conditional
 * headers are dropped, so a guest's tag (or Express's hash of a body that happens to equal a guest's) never turns it
 * into a 304. `Vary: Cookie`, since the cookie decides which of the two a request gets.
 */
export function cacheForViewer(req: Request, res: Response, signedIn: boolean): void {
  res.vary('Cookie');
  res.setHeader('Cache-Control', signedIn ? 'private, no-store' : 'public, no-cache');
  if (signedIn) {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
  }
}

/**
 * The entity tags a conditional GET holds (If-None-Match), as sent ('W/' kept); none when there is no header or
 * when the request asks for a fresh answer (`Cache-Control: no-cache`, which Express's freshness check honours too).
 */
export function ifNoneMatch(req: Request): string[] {
  const header = req.headers['if-none-match'];
  if (typeof header !== 'string' || !header) return [];
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return [];
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Sets the answer's ETag and says whether the request already holds it: Express then answers 304 with no body
 * whatever the handler returns, so the handler may skip building the page.
 */
export function sendsNotModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  return req.fresh;
}
