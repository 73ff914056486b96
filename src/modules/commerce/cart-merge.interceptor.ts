import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { CART_COOKIE } from './cart.controller';
import { CartService } from './cart.service';

/**
 * Merges a guest cart into the user's cart on the first request after sign-in (the guard has set the user by
 * now), then drops the guest cookie. Requests without that cookie pay nothing.
 */
@Injectable()
export class CartMergeInterceptor implements NestInterceptor {
  constructor(private readonly carts: CartService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const token = (req.cookies as Record<string, string> | undefined)?.[CART_COOKIE];
    if (!req.user || !token) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return from(this.carts.mergeGuestCart(req.user.id, token)).pipe(
      mergeMap(() => {
        res.clearCookie(CART_COOKIE, { path: '/' });
        return next.handle();
      }),
    );
  }
}
