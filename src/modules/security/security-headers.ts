import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config';
import { mapSettings } from '../../config/market.config';

/** The per-response script nonce, for the HTML shell's inline and module scripts. */
export function cspNonce(res: Response): string {
  return (res.locals.cspNonce as string | undefined) ?? '';
}

function originOf(template: string): string | null {
  if (!template) return null;
  try {
    return (
      new URL(template.replace(/\{[a-z]+\}/g, '0'), 'http://placeholder.invalid').origin.replace(
        'http://placeholder.invalid',
        '',
      ) || null
    );
  } catch {
    return null;
  }
}

/**
 * Content-Security-Policy: scripts only from this origin and, inline, only with this response's
 * nonce (the theme script and the Vite entry carry it; Inertia's page data is JSON, not script);
 * images and media from here, data:/blob: (previews, HLS) and the configured map tiles; sockets to
 * this host or the configured broadcaster; no plugins; forms and <base> only to this origin.
 */
export function contentSecurityPolicy(config: AppConfig, nonce: string, frameAncestors = "'self'"): string {
  let parts = policies.get(config);
  if (!parts) {
    // The policy around the nonce and frame ancestors depends on the configuration only: built once, not per request.
    const [head, rest] = buildPolicy(config, '\0', '\0').split("'nonce-\0'");
    parts = [head, ...rest.split('frame-ancestors \0')] as [string, string, string];
    policies.set(config, parts);
  }
  return `${parts[0]}'nonce-${nonce}'${parts[1]}frame-ancestors ${frameAncestors}${parts[2]}`;
}

const policies = new WeakMap<AppConfig, [string, string, string]>();

function buildPolicy(config: AppConfig, nonce: string, frameAncestors: string): string {
  const tiles = originOf(mapSettings(config.market).tileUrl);
  const broadcaster =
    config.broadcasting.driver === 'pusher'
      ? 'https://*.pusher.com wss://*.pusher.com'
      : config.broadcasting.host
        ? `${config.broadcasting.scheme === 'https' ? 'wss' : 'ws'}://${config.broadcasting.host}${config.broadcasting.port ? `:${config.broadcasting.port}` : ''}`
        : '';
  const appSockets = config.appUrl.replace(/^http/, 'ws').replace(/\/$/, '');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${appSockets} ${broadcaster}`.trim(),
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Headers on every response; HSTS only when the request itself came over https (directly or via a trusted proxy). */
export function securityHeaders(config: AppConfig) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.locals.cspFor = (frameAncestors: string) => contentSecurityPolicy(config, nonce, frameAncestors);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(config, nonce));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** Lets any site show this response in an iframe (embeds only): the same policy, other frame ancestors. */
export function allowFraming(res: Response): void {
  res.removeHeader('X-Frame-Options');
  const policyFor = res.locals.cspFor as ((frameAncestors: string) => string) | undefined;
  res.setHeader('Content-Security-Policy', policyFor ? policyFor('*') : 'frame-ancestors *');
}
