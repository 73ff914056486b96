import { Controller, Delete, Get, Param, Req, Res } from '@nestjs/common';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { ConnectedAccountsService } from '../connected-accounts.service';
import { toConnectedAccountJson } from '../settings.mapper';

/**
 * Linked external accounts. Disconnecting is refused only when it would leave no way to log
 * in; every account here has a password, so it is always allowed today.
 */
@Controller('settings/connected-accounts')
export class ConnectedAccountsController {
  constructor(private readonly accounts: ConnectedAccountsService) {}

  @Get()
  async index(@CurrentUser() user: User) {
    const accounts = await this.accounts.listFor(user.id);
    return Inertia.render('Settings/ConnectedAccounts', { accounts: accounts.map(toConnectedAccountJson) });
  }

  @Delete(':id')
  async disconnect(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const account = await this.accounts.disconnect(user.id, id);
    flash(req, 'success', `${account.provider} disconnected.`);
    await redirectTo(req, res, '/settings/connected-accounts');
  }
}
