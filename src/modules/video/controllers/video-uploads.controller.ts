import { All, Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { VideoUploadsService } from '../uploads/video-uploads.service';

/**
 * tus 1.0 endpoint (creation, core, termination): OPTIONS/POST /api/video-uploads,
 * HEAD/PATCH/DELETE /api/video-uploads/{uploadId}. Signed-in users only (global guard),
 * anti-forgery header required on POST/PATCH/DELETE like every other call. No GET: bytes
 * are only ever read back through /media after processing.
 */
@Controller('api/video-uploads')
export class VideoUploadsController {
  constructor(private readonly uploads: VideoUploadsService) {}

  @All()
  collection(@Req() req: Request, @Res() res: Response): Promise<unknown> | void {
    if (req.method !== 'POST' && req.method !== 'OPTIONS')
      return void res.status(405).setHeader('Allow', 'OPTIONS, POST').end();
    return this.uploads.handle(req, res);
  }

  @All(':uploadId')
  item(@Req() req: Request, @Res() res: Response): Promise<unknown> | void {
    if (!['HEAD', 'PATCH', 'DELETE', 'OPTIONS'].includes(req.method))
      return void res.status(405).setHeader('Allow', 'OPTIONS, HEAD, PATCH, DELETE').end();
    return this.uploads.handle(req, res);
  }
}
