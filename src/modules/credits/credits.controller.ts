import { Controller, Get, Query } from '@nestjs/common';
import type { CreditHistory } from '../../contracts/credits';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { toLedgerJson } from './credits.mapper';
import { CreditsService } from './credits.service';
import { CreditHistoryQueryDto } from './dto/credits.dto';

/** The Credits page (balance + history) and its JSON history. */
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('credits')
  async page(@CurrentUser() user: User, @Query() query: CreditHistoryQueryDto) {
    const { credits, ...history } = await this.history(user, query.page ?? 1, 20);
    return Inertia.render('Credits', { credits, history });
  }

  @Get('api/credits/history')
  async json(@CurrentUser() user: User, @Query() query: CreditHistoryQueryDto): Promise<CreditHistory> {
    const { page, perPage } = query.window(20);
    return this.history(user, page, perPage);
  }

  private async history(user: User, page: number, perPage: number): Promise<CreditHistory> {
    const history = await this.credits.history(user.id, page, perPage);
    return { credits: await this.credits.balance(user.id), ...history, data: history.data.map(toLedgerJson) };
  }
}
