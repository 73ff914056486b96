import { Body, Controller, Get, HttpCode, NotFoundException, Post, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../auth';
import { Inertia } from '../inertia';
import { UsersService, type User } from '../users';
import { toAdminLedgerJson, toCreditUserJson } from './credits.mapper';
import { CreditsService } from './credits.service';
import { CreditUserSearchDto, GrantCreditsDto } from './dto/credits.dto';

/** Admin Credits: look a user up, grant credits, see the latest ledger rows. */
@Controller()
@Roles('admin')
export class CreditsAdminController {
  constructor(
    private readonly credits: CreditsService,
    private readonly users: UsersService,
  ) {}

  @Get('admin/credits')
  async page(@Query() query: CreditUserSearchDto) {
    const search = query.search();
    const users = search ? await this.users.search(search, 20) : [];
    const recent = await this.credits.recent(50);
    return Inertia.render('Admin/Credits', {
      q: search,
      users: users.map(toCreditUserJson),
      recent: recent.map(({ row, user }) => toAdminLedgerJson(row, user)),
    });
  }

  @Post('api/admin/credits/grant')
  @HttpCode(200)
  async grant(@Body() body: GrantCreditsDto, @CurrentUser() admin: User) {
    const user = await this.users.findByEmailOrId(body.user.trim());
    if (!user) throw new NotFoundException('There is no user with that email address.');
    const row = await this.credits.grant(user.id, body.amount, `${body.reason.trim()} (granted by ${admin.email})`);
    const message = `Granted ${body.amount} credit${body.amount === 1 ? '' : 's'} to ${user.email}.`;
    return { message, user_id: user.id, credits: row.balanceAfter };
  }
}
