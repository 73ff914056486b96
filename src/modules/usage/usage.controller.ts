import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser } from '../auth/auth.decorators';
import { Inertia } from '../inertia/inertia';
import type { User } from '../users/user.entity';
import { UsageService } from './usage.service';

const pageOf = (raw: unknown) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
};

/** User LlmUsage: what the signed-in user's text and image model calls cost. */
@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('user/llm-usage')
  async page(@CurrentUser() user: User, @Query('page') page?: string) {
    return Inertia.render('User/LlmUsage', {
      totals: await this.usage.totals(user.id),
      usage: await this.usage.page(user.id, pageOf(page)),
    });
  }

  @Get('api/usage')
  async list(@CurrentUser() user: User, @Query('page') page?: string) {
    return { totals: await this.usage.totals(user.id), ...(await this.usage.page(user.id, pageOf(page))) };
  }
}
