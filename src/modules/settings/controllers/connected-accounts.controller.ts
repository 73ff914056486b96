import { Controller, Delete, Get, Param, Req, Res } from '@nestjs/common';
import { assertOwned } from '../../../common/ownership';
import { UuidPipe } from '../../../common/uuid.pipe';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { Repository } from 'typeorm';
import { flash } from '../../../common/flash';
import { CurrentUser } from '../../auth';
import { redirectTo } from '../../auth';
import { Inertia } from '../../inertia';
import { ConnectedAccount } from '../../users';
import { User } from '../../users';

/**
 * Linked external accounts. Disconnecting is refused only when it would leave no way to log
 * in; every account here has a password, so it is always allowed today.
 */
@Controller('settings/connected-accounts')
export class ConnectedAccountsController {
  constructor(@InjectRepository(ConnectedAccount) private readonly accounts: Repository<ConnectedAccount>) {}

  @Get()
  async index(@CurrentUser() user: User) {
    const accounts = await this.accounts.find({ where: { userId: user.id }, order: { createdAt: 'ASC' } });
    return Inertia.render('Settings/ConnectedAccounts', {
      accounts: accounts.map((a) => ({
        id: a.id,
        provider: a.provider,
        displayName: a.displayName,
        connectedAt: a.createdAt.toISOString(),
      })),
    });
  }

  @Delete(':id')
  async disconnect(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const account = assertOwned(await this.accounts.findOneBy({ id }), user.id, 'connected account');
    await this.accounts.delete({ id, userId: user.id });
    flash(req, 'success', `${account.provider} disconnected.`);
    await redirectTo(req, res, '/settings/connected-accounts');
  }
}
