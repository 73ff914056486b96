import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { Public } from '../auth';
import { RateLimiterService } from '../security';
import { PropertyInsightsService } from './property-insights.service';

@Controller('api/property-insights')
export class PropertyInsightsController {
  constructor(
    private readonly insights: PropertyInsightsService,
    private readonly limiter: RateLimiterService,
  ) {}

  /** Price and status history, days on market, views this week ("in demand") and mortgage defaults. */
  @Get(':id')
  @Public()
  show(@Param('id', UuidPipe) id: string, @Req() req: Request) {
    return this.insights.insights(id, req.user);
  }

  /** Counts a page view (once a day per person). */
  @Post(':id/views')
  @Public()
  @HttpCode(200)
  async view(@Param('id', UuidPipe) id: string, @Req() req: Request) {
    await this.limiter.hit(`property-view:${req.ip}`, 120, 60);
    return this.insights.recordView(id, req.user, req.sessionID ?? req.ip ?? 'anonymous');
  }
}
