import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const logger = new Logger('Request');

/** One structured line per request: method, path, status, duration, user. */
export function requestLogger(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const entry = {
      method: req.method,
      path: req.originalUrl.split('?')[0],
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      user: req.session?.userId ?? null,
      inertia: req.headers['x-inertia'] === 'true' || undefined,
    };
    if (res.statusCode >= 500) logger.error(JSON.stringify(entry));
    else logger.log(JSON.stringify(entry));
  });
  next();
}
