import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { InertiaService } from './inertia.service';
import { INERTIA_HEADERS, isInertiaRequest } from './inertia.types';

const SEE_OTHER_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * Protocol rules that apply before and around any handler: a stale asset version on a GET
 * gets 409 + X-Inertia-Location (full reload), and redirects after PUT/PATCH/DELETE become 303
 * so the browser follows them with GET.
 */
@Injectable()
export class InertiaMiddleware implements NestMiddleware {
  constructor(private readonly inertia: InertiaService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (!isInertiaRequest(req)) return next();
    res.setHeader('Vary', 'X-Inertia');

    const clientVersion = req.headers[INERTIA_HEADERS.version];
    if (req.method === 'GET' && typeof clientVersion === 'string' && clientVersion !== this.inertia.version) {
      // The session may hold flash data meant for this visit: keep it for the full reload.
      req.session?.save?.(() => undefined);
      res.status(409).setHeader(INERTIA_HEADERS.location, `${req.protocol}://${req.get('host')}${req.originalUrl}`);
      res.end();
      return;
    }

    if (SEE_OTHER_METHODS.has(req.method)) {
      const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
      res.redirect = ((statusOrUrl: number | string, maybeUrl?: string) => {
        const url = typeof statusOrUrl === 'string' ? statusOrUrl : maybeUrl!;
        const status = typeof statusOrUrl === 'number' ? statusOrUrl : 302;
        redirect(status === 302 ? 303 : status, url);
      }) as Response['redirect'];
    }
    next();
  }
}
