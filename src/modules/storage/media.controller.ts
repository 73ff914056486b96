import { Controller, ForbiddenException, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth';
import { MediaAccessRegistry } from './media-access.registry';
import { StorageService } from './storage.service';

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** Serves stored files with content type, byte ranges and cache headers, after the area's access rule. */
@Controller('media')
export class MediaController {
  constructor(
    private readonly storage: StorageService,
    private readonly access: MediaAccessRegistry,
  ) {}

  @Get('*key')
  @Public()
  async serve(@Req() req: Request, @Res() res: Response): Promise<void> {
    const key = req.path.slice('/media/'.length);
    if (!KEY.test(key) || key.includes('..')) throw new NotFoundException('No such file.');
    if (!(await this.access.canRead(key, req.user ?? null))) {
      throw new ForbiddenException('You do not have access to this file.');
    }
    const stat = await this.storage.stat(key);
    if (!stat) throw new NotFoundException('No such file.');

    res.setHeader('Content-Type', stat.contentType);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Last-Modified', stat.modifiedAt.toUTCString());
    // Keys are unique per upload (uuid names), so content never changes under a key; private ones stay out of shared caches.
    res.setHeader('Cache-Control', req.user || !(await this.access.canRead(key, null)) ? 'private, max-age=3600' : 'public, max-age=31536000, immutable');

    const range = parseRange(req.headers.range, stat.size);
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
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = await this.storage.read(key, range ?? undefined);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}

export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
