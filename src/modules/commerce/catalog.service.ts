import { Injectable, NotFoundException } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import type { Page } from '../../contracts/common';
import type { Product } from '../../contracts/commerce';
import type { StylePackOffer } from '../../contracts/designs';
import { CatalogRepository, type ProductDefinition } from './catalog.repository';
import { money, toProductJson } from './commerce.mapper';
import type { ProductQueryDto } from './dto/commerce.dto';
import { EntitlementsRepository } from './entitlements.repository';

export { CATEGORIES } from './categories';

@Injectable()
export class CatalogService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly entitlements: EntitlementsRepository,
  ) {}

  /** The style packs the user holds: a paid style-pack line not refunded in full. */
  stylePacksOf(userId: string): Promise<string[]> {
    return this.entitlements.stylePacksOf(userId);
  }

  /** The style packs on sale, each with its product page and price (its styles are the designer's to list). */
  async stylePackOffers(): Promise<Array<Omit<StylePackOffer, 'styles'>>> {
    const rows = await this.repo.stylePackProducts();
    return rows.map((r) => ({
      pack: r.style_pack,
      title: r.title,
      product_slug: r.slug,
      price: money(r.price_minor, r.currency),
    }));
  }

  async search(query: ProductQueryDto, perPage = 12): Promise<Page<Product>> {
    const { page, perPage: size, offset } = query.window(perPage);
    const { rows, total } = await this.repo.searchProducts({
      q: query.q?.trim() || undefined,
      department: query.department,
      category: query.category,
      minPrice: query.min_price,
      maxPrice: query.max_price,
      limit: size,
      offset,
    });
    const variants = await this.repo.variantsOf(rows.map((r) => r.id));
    const data = rows.map((p) =>
      toProductJson(
        p,
        variants.filter((v) => v.product_id === p.id),
      ),
    );
    return pageOf(data, page, size, total);
  }

  /** The products a discount code may be limited to (the catalogue's active products, newest first, at most 200). */
  async productChoices(): Promise<Array<{ id: string; title: string }>> {
    const { rows } = await this.repo.searchProducts({ limit: 200, offset: 0 });
    return rows.map((r) => ({ id: r.id, title: r.title }));
  }

  /** Idempotent by slug: the platform's catalogue is seeded through this. */
  ensureProduct(definition: ProductDefinition): Promise<string> {
    return this.repo.ensureProduct(definition);
  }

  async show(slug: string): Promise<Product> {
    const product = await this.repo.productBySlug(slug);
    if (!product) throw new NotFoundException('There is no such product.');
    return toProductJson(product, await this.repo.variantsOf([product.id]));
  }
}
