import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { UuidPipe } from '../../common/uuid.pipe';
import { ValidationFailedException } from '../../common/validation';
import { Public } from '../auth';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import { CartService, type CartOwner } from './cart.service';
import { AddCartItemDto, UpdateCartItemDto } from './dto/commerce.dto';
import { ApplyDiscountDto } from './dto/discounts.dto';

/** Wrong discount codes a visitor may try in 15 minutes: enough for typos, too few to guess codes. */
export const DISCOUNT_GUESSES = { limit: 10, windowSeconds: 15 * 60 };

/** A guest's cart is named by this random cookie; at sign-in it merges into the user's cart. */
export const CART_COOKIE = 'reelty_cart';

/** The signed-in user's cart, or the guest's (a cookie token is issued when `create` and none exists). */
export function cartOwner(req: Request, res: Response | null, create = false): CartOwner {
  if (req.user) return { userId: req.user.id };
  let token = (req.cookies as Record<string, string> | undefined)?.[CART_COOKIE];
  if (token && !/^[a-f0-9]{48}$/.test(token)) token = undefined;
  if (!token && create && res) {
    token = randomBytes(24).toString('hex');
    res.cookie(CART_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      maxAge: 30 * 86_400_000,
      path: '/',
    });
  }
  return { token };
}

@Controller()
@Public()
export class CartController {
  constructor(
    private readonly cart: CartService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('cart')
  async page(@Req() req: Request) {
    return Inertia.render('Cart/Index', { cart: await this.cart.view(cartOwner(req, null)) });
  }

  @Get('api/cart')
  async show(@Req() req: Request) {
    return { cart: await this.cart.view(cartOwner(req, null)) };
  }

  @Post('api/cart/items')
  async add(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() dto: AddCartItemDto) {
    // A public form: one visitor may not flood the carts table.
    await this.limiter.hit(`cart-add:${req.user?.id ?? req.ip}`, 120, 60);
    return { cart: await this.cart.add(cartOwner(req, res, true), dto) };
  }

  @Patch('api/cart/items/:id')
  async update(@Req() req: Request, @Param('id', UuidPipe) id: string, @Body() dto: UpdateCartItemDto) {
    return { cart: await this.cart.update(cartOwner(req, null), id, dto) };
  }

  /** One code per order: a second code replaces the first. Only wrong codes count against the guessing limit. */
  @Post('api/cart/discount')
  @HttpCode(200)
  async applyDiscount(@Req() req: Request, @Body() dto: ApplyDiscountDto) {
    const key = `discount-guess:${req.user?.id ?? req.ip}`;
    await this.limiter.assertBelow(key, DISCOUNT_GUESSES.limit);
    try {
      return { cart: await this.cart.applyCode(cartOwner(req, null), dto) };
    } catch (error) {
      if (error instanceof ValidationFailedException)
        await this.limiter.hit(key, DISCOUNT_GUESSES.limit, DISCOUNT_GUESSES.windowSeconds);
      throw error;
    }
  }

  @Delete('api/cart/discount')
  async removeDiscount(@Req() req: Request) {
    return { cart: await this.cart.removeCode(cartOwner(req, null)) };
  }

  @Delete('api/cart/items/:id')
  async remove(@Req() req: Request, @Param('id', UuidPipe) id: string) {
    return { cart: await this.cart.remove(cartOwner(req, null), id) };
  }
}
