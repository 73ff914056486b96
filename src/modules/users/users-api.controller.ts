import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { CreditsService } from '../credits';
import { CheckHandleDto, UpdateUserDto } from './dto/update-user.dto';
import { UserAccountService } from './user-account.service';
import type { User } from './user.entity';
import { type AuthUser, type PublicUser, toAuthUser, toPublicUser } from './users.mapper';
import { UsersService } from './users.service';
import { UserJsonExtensions } from './user-json.extensions';
import { Authorize } from '../policies';

/** Users: profile reads, self-updates, the handle check and the image-credit balance. */
@Controller('api/user')
export class UsersApiController {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: UserAccountService,
    private readonly ledger: CreditsService,
    private readonly extensions: UserJsonExtensions,
  ) {}

  @Get('credits/image')
  async credits(@CurrentUser() user: User): Promise<{ credits: number }> {
    // The image-credit ledger (src/modules/credits) owns the balance.
    return { credits: await this.ledger.balance(user.id) };
  }

  /** Public fields for everyone; the full account for oneself (and admins). */
  @Get(':id')
  @Public()
  async show(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
  ): Promise<{ user: PublicUser | AuthUser }> {
    // One's own record was read for this request already (auth guard); no second query.
    const user = viewer?.id === id ? viewer : await this.users.findById(id);
    if (!user) throw new NotFoundException('There is no user with that id.');
    const full = viewer && (viewer.id === user.id || viewer.role === 'admin');
    if (viewer?.id === user.id) return { user: await this.extensions.extend(user, req, toAuthUser(user)) };
    return { user: full ? toAuthUser(user) : toPublicUser(user) };
  }

  @Post(':id/update')
  @Authorize('user.edit')
  @HttpCode(200)
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateUserDto,
    @CurrentUser() actor: User,
  ): Promise<{ message: string; user: AuthUser }> {
    const target = await this.accounts.findEditable(actor, id);
    const updated = await this.accounts.update(target, body);
    return { message: 'User Updated', user: toAuthUser(updated) };
  }

  @Post(':id/check-handle')
  @Authorize('user.edit')
  @HttpCode(200)
  async checkHandle(
    @Param('id', UuidPipe) id: string,
    @Body() body: CheckHandleDto,
    @CurrentUser() actor: User,
  ): Promise<{ status: 'available' }> {
    const target = id === actor.id ? actor : await this.accounts.findEditable(actor, id);
    await this.accounts.assertHandleAvailable(body.handle, target.id);
    return { status: 'available' };
  }
}
