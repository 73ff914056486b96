import { Controller, Get, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { UsageService } from './usage.service';

/** User LlmUsage: what the signed-in user's text and image model calls cost. */
@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('user/llm-usage')
  async page(@CurrentUser() user: User, @Query() q: PageQueryDto) {
    return Inertia.render('User/LlmUsage', {
      totals: await this.usage.totals(user.id),
      usage: await this.usage.page(user.id, q.page ?? 1),
    });
  }

  @Get('api/usage')
  async list(@CurrentUser() user: User, @Query() q: PageQueryDto) {
    return { totals: await this.usage.totals(user.id), ...(await this.usage.page(user.id, q.page ?? 1)) };
  }
}
