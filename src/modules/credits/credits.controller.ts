import { Controller, Get, Query } from '@nestjs/common';
import { CurrentUser } from '../auth/auth.decorators';
import { Inertia } from '../inertia/inertia';
import type { User } from '../users/user.entity';
import { CreditsService } from './credits.service';
import { pageQuery, toLedgerJson } from './credits.serializer';

/** The Credits page (balance + history) and its JSON history. */
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('credits')
  async page(@CurrentUser() user: User, @Query('page') page?: string) {
    const history = await this.credits.history(user.id, pageQuery(page), 20);
    return Inertia.render('Credits', {
      credits: await this.credits.balance(user.id),
      history: { ...history, data: history.data.map(toLedgerJson) },
    });
  }

  @Get('api/credits/history')
  async history(@CurrentUser() user: User, @Query('page') page?: string, @Query('per_page') perPage?: string) {
    const size = Math.min(100, Math.max(1, Number(perPage) || 20));
    const history = await this.credits.history(user.id, pageQuery(page), size);
    return { credits: await this.credits.balance(user.id), ...history, data: history.data.map(toLedgerJson) };
  }
}
