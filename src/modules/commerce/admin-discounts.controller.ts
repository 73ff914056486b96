import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Roles } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { CATEGORIES } from './categories';
import { CatalogService } from './catalog.service';
import { DiscountCodesService } from './discount-codes.service';
import { CreateDiscountDto, DiscountsPageQueryDto, UpdateDiscountDto } from './dto/discounts.dto';

/** Admin discount codes: the list with uses and state, the form, switching a code off, the latest redemptions. */
@Controller()
@Roles('admin')
export class AdminDiscountsController {
  constructor(
    private readonly codes: DiscountCodesService,
    private readonly catalog: CatalogService,
  ) {}

  @Get('admin/discounts')
  async page(@Query() query: DiscountsPageQueryDto) {
    const { page, perPage } = query.window(20);
    return Inertia.render('Admin/Discounts/Index', {
      codes: await this.codes.page(page, perPage),
      redemptions: await this.codes.redemptions(query.redemptions_page ?? 1, 10),
      categories: CATEGORIES,
      products: await this.catalog.productChoices(),
    });
  }

  @Post('api/admin/discounts')
  async create(@CurrentUser() admin: User, @Body() dto: CreateDiscountDto) {
    return { code: await this.codes.create(admin, dto) };
  }

  @Patch('api/admin/discounts/:id')
  async update(@Param('id', UuidPipe) id: string, @Body() dto: UpdateDiscountDto) {
    const code = await this.codes.update(id, dto);
    return { code, message: `${code.code}: ${code.state_label}.` };
  }
}
