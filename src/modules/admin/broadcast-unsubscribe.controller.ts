import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Public } from '../auth';
import { MarketingService } from './marketing.service';

/** RFC 8058 one-click unsubscribe from broadcast mail: mail clients POST without a session or a body. */
@Controller()
export class BroadcastUnsubscribeController {
  constructor(private readonly marketing: MarketingService) {}

  @Post('webhooks/broadcasts/unsubscribe/:token')
  @Public()
  @HttpCode(200)
  async unsubscribe(@Param('token') token: string): Promise<{ message: string }> {
    await this.marketing.unsubscribe(token);
    return { message: 'You will get no more marketing email.' };
  }
}
