import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentUser, Public } from '../auth';
import { BoostsService } from '../boosts';
import type { User } from '../users';
import { Inertia } from '../inertia';
import { CATEGORIES, CatalogService } from './catalog.service';
import { ProductQueryDto } from './dto/commerce.dto';
import { formFilters } from '../../common/form-filters';

/** The marketplace: browse, search and filter products (anyone). */
@Controller()
@Public()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly boosts: BoostsService,
  ) {}

  @Get('marketplace')
  async marketplace(@Query() query: ProductQueryDto) {
    return Inertia.render('Marketplace/Index', {
      products: await this.catalog.search(query, 8),
      categories: CATEGORIES,
    });
  }

  @Get('products')
  async index(@Query() query: ProductQueryDto) {
    return Inertia.render('Products/Index', {
      products: await this.catalog.search(query),
      categories: CATEGORIES,
      filters: {
        ...formFilters(query, ['q', 'department', 'category']),
        min_price: query.min_price ?? null,
        max_price: query.max_price ?? null,
      },
    });
  }

  /** A boost's page also lists the signed-in buyer's listings it can promote (the listing is chosen before paying). */
  @Get('products/:slug')
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const product = await this.catalog.show(slug);
    const boostable = product.kind === 'listing_boost' && viewer ? await this.boosts.boostable(viewer.id) : null;
    return Inertia.render('Products/Show', { product, boostable_listings: boostable });
  }

  @Get('api/products')
  list(@Query() query: ProductQueryDto) {
    return this.catalog.search(query);
  }

  @Get('api/products/:slug')
  async one(@Param('slug') slug: string) {
    return { product: await this.catalog.show(slug) };
  }
}
