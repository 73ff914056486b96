import type { Request, Response } from 'express';
import { backUrl } from '../../common/http-exception.filter';
import { saveSession } from '../../common/session-save';

export { saveSession };

/** A redirect after a form post: 303 so the browser (and Inertia) follows with GET. */
export async function redirectTo(req: Request, res: Response, url: string): Promise<void> {
  await saveSession(req);
  res.redirect(303, url);
}

/** Back to the page the form was on. */
export function redirectBack(req: Request, res: Response): Promise<void> {
  return redirectTo(req, res, backUrl(req));
}

/** Only local paths may be used as "intended" targets (no open redirects). */
export function safeLocalPath(url: string | undefined | null, fallback: string): string {
  if (!url || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return fallback;
  return url;
}

/** Client IP as Express sees it (trust proxy is configured in createApp). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
