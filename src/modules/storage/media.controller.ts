import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../auth';
import { MediaAccessRegistry } from './media-access.registry';
import { cacheControlFor, etagFor, isNotModified, parseRange, rangeStillApplies } from './media-http';
import { StorageService } from './storage.service';
import { requireReader } from './storage.policy';

export { parseRange } from './media-http';

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/**
 * Serves stored files like a CDN origin, after the area's access rule: strong ETag and
 * Last-Modified, 304 for a fresh copy, one byte range (206, or 416 past the end), a year of
 * immutable caching for write-once keys (`private` when guests may not read the file), and an
 * optional hand-off of the bytes to a front proxy (X-Accel-Redirect).
 */
@Controller('media')
export class MediaController {
  private readonly accelPrefix: string | null;

  constructor(
    private readonly storage: StorageService,
    private readonly access: MediaAccessRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.accelPrefix = config.storage.accelRedirectPrefix;
  }

  @Get('*key')
  @Public()
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = req.path.slice('/media/'.length);
    if (!KEY.test(key) || key.includes('..')) throw new NotFoundException('No such file.');
    const user = req.user ?? null;
    requireReader(await this.access.canRead(key, user));
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException('No such file.');

    // A guest passed the rule already; for a signed-in reader ask whether a guest could read it too.
    const isPublic = user === null || (await this.access.canRead(key, null));
    const etag = etagFor(stat);
    res.setHeader('Cache-Control', cacheControlFor(key, isPublic));
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', stat.modifiedAt.toUTCString());
    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Accept-Ranges', 'bytes');

    if (this.accelPrefix) {
      // The proxy serves the file (ranges, conditionals, sendfile) with our Cache-Control and Content-Type.
      res.setHeader('X-Accel-Redirect', this.accelPrefix + key);
      res.end();
      return;
    }
    if (isNotModified(req.headers, etag, stat.modifiedAt)) {
      res.status(304).end();
      return;
    }
    const applies = rangeStillApplies(req.get('if-range'), etag, stat.modifiedAt);
    const range = applies ? parseRange(req.headers.range, stat.size) : null;
    if (range === 'invalid') {
      res.status(416).setHeader('Content-Range', `bytes */${stat.size}`);
      res.end();
      return;
    }
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.setHeader('Content-Length', String(stat.size));
    }
    if (req.method === 'HEAD' || (range === null && stat.size === 0)) {
      res.end();
      return;
    }
    const stream = await this.storage.read(key, range ?? undefined);
    stream.on('error', () => res.destroy());
    res.on('close', () => stream.destroy());
    stream.pipe(res);
  }
}
