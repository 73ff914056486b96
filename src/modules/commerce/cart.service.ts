import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import type { Cart, ProductKind } from '../../contracts/commerce';
import { BoostsService } from '../boosts';
import { PropertiesService } from '../properties';
import { CatalogRepository, type CartItemRow, type CartRow } from './catalog.repository';
import { money, toCartItemJson } from './commerce.mapper';
import { maxQuantityOf, type AddCartItemDto, type UpdateCartItemDto } from './dto/commerce.dto';
import { EntitlementsRepository } from './entitlements.repository';
import type { PricedLine } from './discount-rules';
import { DiscountsService, type Basket } from './discounts.service';
import type { ApplyDiscountDto } from './dto/discounts.dto';

/** Whose cart: a signed-in user's, or a guest's named by the random token in their cart cookie. */
export type CartOwner = { userId: string; token?: undefined } | { userId?: undefined; token: string | undefined };

const EMPTY: Cart = {
  id: null,
  items: [],
  count: 0,
  subtotal: null,
  discount: null,
  total: null,
  requires_shipping: false,
};

@Injectable()
export class CartService {
  constructor(
    private readonly repo: CatalogRepository,
    private readonly entitlements: EntitlementsRepository,
    private readonly boosts: BoostsService,
    private readonly properties: PropertiesService,
    private readonly discounts: DiscountsService,
  ) {}

  async view(owner: CartOwner): Promise<Cart> {
    const cart = await this.repo.cartFor(owner);
    return cart ? this.toCart(owner, cart, await this.repo.items(cart.id)) : EMPTY;
  }

  /** Puts a discount code on the cart (one per order: it replaces the one there); 422 on `code` when it does not apply. */
  async applyCode(owner: CartOwner, dto: ApplyDiscountDto): Promise<Cart> {
    const cart = await this.repo.cartFor(owner);
    const items = cart ? await this.repo.items(cart.id) : [];
    if (!cart || !items.length) throw ValidationFailedException.of('code', 'Add something to your cart first.');
    const code = await this.discounts.findApplicable(dto.code, basketOf(owner, items));
    await this.discounts.setCartCode(cart.id, code.id);
    return this.toCart(owner, { ...cart, discount_code_id: code.id }, items);
  }

  async removeCode(owner: CartOwner): Promise<Cart> {
    const cart = await this.repo.cartFor(owner);
    if (!cart) return EMPTY;
    await this.discounts.setCartCode(cart.id, null);
    return this.toCart(owner, { ...cart, discount_code_id: null }, await this.repo.items(cart.id));
  }

  /** Adds units of a variant; quantities are checked against stock, prices are the catalogue's now. */
  async add(owner: CartOwner, dto: AddCartItemDto): Promise<Cart> {
    const variant = await this.repo.variant(dto.variant_id);
    if (!variant) throw ValidationFailedException.of('variant_id', 'This product option does not exist.');
    const cart = (await this.repo.cartFor(owner)) ?? (await this.repo.createCart(owner));
    const items = await this.repo.items(cart.id);
    if (items.some((i) => i.currency !== variant.currency))
      throw ValidationFailedException.of(
        'variant_id',
        `One order takes one currency: your cart is in ${items[0].currency}.`,
      );
    const propertyId = await this.checkOneOfAKind(owner, variant, dto, items);
    const already = items.find((i) => i.id === variant.id)?.quantity ?? 0;
    assertInStock(variant.stock, already + dto.quantity, variant.title);
    await this.repo.addItem(cart.id, { variantId: variant.id, propertyId }, dto.quantity, Number(variant.price_minor));
    return this.toCart(owner, cart, await this.repo.items(cart.id));
  }

  /**
   * A boost and a style pack are bought once: a boost for one of the buyer's listings in market search (a second
   * listing is a second line), a style pack by someone who does not hold it yet. Answers the boosted listing's id.
   */
  private async checkOneOfAKind(
    owner: CartOwner,
    variant: { id: string; kind: ProductKind; style_pack: string | null; title: string },
    dto: AddCartItemDto,
    items: CartItemRow[],
  ): Promise<string | null> {
    if (variant.kind !== 'listing_boost' && variant.kind !== 'style_pack') return null;
    assertQuantityAllowed(variant, dto.quantity);
    if (!owner.userId) throw ValidationFailedException.of('variant_id', `Sign in to buy ${variant.title}.`);
    if (variant.kind === 'style_pack') {
      if (items.some((i) => i.style_pack === variant.style_pack))
        throw ValidationFailedException.of('variant_id', `${variant.title} is in your cart already.`);
      if ((await this.entitlements.stylePacksOf(owner.userId)).includes(variant.style_pack!))
        throw ValidationFailedException.of(
          'variant_id',
          `You own ${variant.title} already: its styles are in the designer.`,
        );
      return null;
    }
    const listing = await this.boosts.assertBoostable(owner.userId, dto.property_id, 'property_id');
    if (items.some((i) => i.id === variant.id && i.property_id === listing.id))
      throw ValidationFailedException.of(
        'property_id',
        `A ${variant.title.toLowerCase()} of this length for ${listing.name} is in your cart already.`,
      );
    return listing.id;
  }

  async update(owner: CartOwner, itemId: string, dto: UpdateCartItemDto): Promise<Cart> {
    const cart = await this.repo.cartFor(owner);
    const item = cart ? await this.repo.item(cart.id, itemId) : null;
    if (!cart || !item) throw new NotFoundException('That item is not in your cart.');
    const variant = await this.repo.variant(item.variant_id);
    if (!variant) throw ValidationFailedException.of('variant_id', 'This product option is no longer sold; remove it.');
    assertQuantityAllowed(variant, dto.quantity);
    assertInStock(variant.stock, dto.quantity, variant.title);
    await this.repo.setQuantity(cart.id, itemId, dto.quantity, Number(variant.price_minor));
    return this.toCart(owner, cart, await this.repo.items(cart.id));
  }

  async remove(owner: CartOwner, itemId: string): Promise<Cart> {
    const cart = await this.repo.cartFor(owner);
    if (!cart || !(await this.repo.item(cart.id, itemId)))
      throw new NotFoundException('That item is not in your cart.');
    await this.repo.removeItem(cart.id, itemId);
    return this.toCart(owner, cart, await this.repo.items(cart.id));
  }

  /** At sign-in: the guest cart's items join the user's cart (quantities add up); the guest cart is gone. */
  async mergeGuestCart(userId: string, token: string): Promise<void> {
    await this.repo.db.transaction(async (m) => {
      const guest = await this.repo.cartFor({ token }, m, true);
      if (!guest) return;
      const mine = await this.repo.cartFor({ userId }, m, true);
      if (mine) await this.repo.mergeInto(guest.id, mine.id, m);
      else await this.repo.adoptGuestCart(guest.id, userId, m);
    });
  }

  private async toCart(owner: CartOwner, cart: CartRow, rows: CartItemRow[]): Promise<Cart> {
    const ids = rows.map((r) => r.property_id).filter((p): p is string => !!p);
    const names = new Map((await this.properties.findByIds(ids)).map((p) => [p.id, p.name]));
    const items = rows.map((r) => toCartItemJson(r, (pid) => names.get(pid)));
    const subtotal = rows.reduce((sum, r) => sum + Number(r.price_minor) * r.quantity, 0);
    const discount =
      cart.discount_code_id && rows.length
        ? await this.discounts.preview(cart.discount_code_id, basketOf(owner, rows))
        : null;
    const currency = rows[0]?.currency;
    return {
      id: cart.id,
      items,
      count: rows.reduce((n, r) => n + r.quantity, 0),
      subtotal: currency ? money(subtotal, currency) : null,
      discount,
      total: currency ? money(subtotal - (discount?.amount?.amount_minor ?? 0), currency) : null,
      requires_shipping: rows.some((r) => r.kind === 'physical'),
    };
  }
}

/** The cart's lines priced now (the catalogue's price), as a discount code reads them. */
export function pricedLines(rows: CartItemRow[]): PricedLine[] {
  return rows.map((r) => ({
    key: r.item_id,
    product_id: r.product_id,
    category: r.category,
    gross_minor: Number(r.price_minor) * r.quantity,
  }));
}

function basketOf(owner: CartOwner, rows: CartItemRow[]): Basket {
  return { lines: pricedLines(rows), currency: rows[0].currency, userId: owner.userId ?? null };
}

/** 422 on `quantity` past what one line of the product may hold. */
function assertQuantityAllowed(variant: { kind: ProductKind; title: string }, quantity: number): void {
  if (quantity > maxQuantityOf(variant.kind))
    throw ValidationFailedException.of('quantity', `${variant.title} is bought one at a time.`);
}

export function assertInStock(stock: number | null, wanted: number, title: string, field = 'quantity'): void {
  if (stock === null || wanted <= stock) return;
  throw outOfStock(stock, title, field);
}

export function outOfStock(left: number, title: string, field: string): ValidationFailedException {
  return ValidationFailedException.of(field, left <= 0 ? `${title} is sold out.` : `Only ${left} of ${title} left.`);
}
