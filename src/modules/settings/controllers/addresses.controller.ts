import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { PageQueryDto } from '../../../common/page-query.dto';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { Request, Response } from 'express';
import { flash } from '../../../common/flash';
import { ValidationFailedException } from '../../../common/validation';
import { CurrentUser } from '../../auth';
import { redirectBack } from '../../auth';
import { Inertia } from '../../inertia';
import { User } from '../../users';
import { AddressesService, MAX_ADDRESSES } from '../addresses.service';
import { toAddressJson } from '../settings.mapper';
import { AddressDto } from '../dto/settings.dto';
import { Authorize } from '../../policies';

@Controller('settings/addresses')
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Get()
  async index(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    const result = await this.addresses.page(user.id, query.page ?? 1);
    return Inertia.render('Settings/Addresses', {
      addresses: result.data.map(toAddressJson),
      pagination: { currentPage: result.currentPage, lastPage: result.lastPage, total: result.total },
    });
  }

  @Post()
  async create(
    @Body() body: AddressDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if ((await this.addresses.count(user.id)) >= MAX_ADDRESSES)
      throw ValidationFailedException.of('label', `You can keep up to ${MAX_ADDRESSES} addresses.`);
    await this.addresses.create(user.id, body);
    flash(req, 'success', 'Address added.');
    await redirectBack(req, res);
  }

  @Put(':id')
  @Authorize('address.change')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: AddressDto,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.addresses.update(user.id, id, body);
    flash(req, 'success', 'Address saved.');
    await redirectBack(req, res);
  }

  @Post(':id/default')
  async makeDefault(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.addresses.makeDefault(user.id, id);
    flash(req, 'success', 'Default address updated.');
    await redirectBack(req, res);
  }

  @Delete(':id')
  async remove(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.addresses.remove(user.id, id);
    flash(req, 'success', 'Address removed.');
    await redirectBack(req, res);
  }
}
