import { Controller, Get, Param, Query } from '@nestjs/common';
import { Public } from '../auth';
import { Inertia } from '../inertia';
import { CATEGORIES, CatalogService } from './catalog.service';
import { ProductQueryDto } from './dto/commerce.dto';
import { formFilters } from '../../common/form-filters';

/** The marketplace: browse, search and filter products (anyone). */
@Controller()
@Public()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

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

  @Get('products/:slug')
  async show(@Param('slug') slug: string) {
    return Inertia.render('Products/Show', { product: await this.catalog.show(slug) });
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
