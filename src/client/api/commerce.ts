import type { Page } from '@contracts/common';
import type {
  AdminOrder,
  AuditEntry,
  Cart,
  CheckoutRequest,
  DiscountCode,
  NewDiscountCode,
  CheckoutSession,
  DownloadLink,
  Order,
  OrderMessage,
  OrderReturn,
  Refund,
  ReturnStatus,
} from '@contracts/commerce';
import { api } from '../lib/http';

/** Commerce page paths (marketplace, cart, checkout, orders, vault, admin). */
export const commercePaths = {
  marketplace: '/marketplace',
  products: '/products',
  product: (slug: string) => `/products/${slug}`,
  cart: '/cart',
  checkout: '/checkout',
  orders: '/orders',
  returns: '/orders/returns',
  digital: '/orders/digital',
  boostsPage: (page: number) => `/orders/digital?boosts_page=${page}`,
  support: (orderId: string) => `/orders/${orderId}/support`,
  unfulfilled: '/orders/unfulfilled',
  vault: '/vault',
  adminOrders: '/admin/orders',
  adminDiscounts: '/admin/discounts',
  adminDiscountsPage: (page: number, redemptionsPage: number) =>
    `/admin/discounts?page=${page}&redemptions_page=${redemptionsPage}`,
  exportCsv: (query: string) => `/api/admin/orders/export.csv${query ? `?${query}` : ''}`,
  login: '/login',
};

/** A fresh key per user action: a retried click sends the same key, a new action a new one. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

export const commerceApi = {
  cart: () => api.get<{ cart: Cart }>('/api/cart'),
  addToCart: (variantId: string, quantity: number, propertyId?: string) =>
    api.post<{ cart: Cart }>('/api/cart/items', { variant_id: variantId, quantity, property_id: propertyId }),
  setQuantity: (itemId: string, quantity: number) =>
    api.patch<{ cart: Cart }>(`/api/cart/items/${itemId}`, { quantity }),
  removeItem: (itemId: string) => api.delete<{ cart: Cart }>(`/api/cart/items/${itemId}`),
  applyDiscount: (code: string) => api.post<{ cart: Cart }>('/api/cart/discount', { code }),
  removeDiscount: () => api.delete<{ cart: Cart }>('/api/cart/discount'),
  createDiscount: (body: NewDiscountCode) => api.post<{ code: DiscountCode }>('/api/admin/discounts', body),
  updateDiscount: (id: string, body: { active?: boolean; ends_at?: string | null }) =>
    api.patch<{ code: DiscountCode; message: string }>(`/api/admin/discounts/${id}`, body),
  checkout: (body: CheckoutRequest, idempotencyKey: string) =>
    api.post<{ session: CheckoutSession }>('/api/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  localPay: (sessionId: string, outcome: 'succeed' | 'fail' | 'abandon') =>
    api.post<{ redirect: string; status: string }>(`/pay/local/${sessionId}`, { outcome }),
  orders: (page = 1) => api.get<Page<Order>>('/api/orders', { query: { page } }),
  requestReturn: (orderId: string, reason: string) =>
    api.post<{ return: OrderReturn }>(`/api/orders/${orderId}/returns`, { reason }),
  messages: (orderId: string, page = 1) =>
    api.get<Page<OrderMessage>>(`/api/orders/${orderId}/messages`, { query: { page } }),
  postMessage: (orderId: string, body: string) =>
    api.post<{ message: OrderMessage }>(`/api/orders/${orderId}/messages`, { body }),
  downloadLink: (entitlementId: string) => api.post<{ link: DownloadLink }>(`/api/vault/${entitlementId}/link`),
  adminOrder: (orderId: string) =>
    api.get<{ order: AdminOrder; audit: AuditEntry[]; refunds: Refund[] }>(`/api/admin/orders/${orderId}`),
  refund: (
    orderId: string,
    body: { amount_minor?: number; reason?: string; restock?: boolean },
    idempotencyKey: string,
  ) =>
    api.post<{ refund: Refund }>(`/api/admin/orders/${orderId}/refunds`, body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  fulfil: (orderId: string, carrier: string, trackingNumber: string) =>
    api.post<{ order: AdminOrder }>(`/api/admin/orders/${orderId}/fulfil`, {
      carrier,
      tracking_number: trackingNumber,
    }),
  decideReturn: (returnId: string, status: Extract<ReturnStatus, 'approved' | 'declined' | 'received'>) =>
    api.post<{ return: OrderReturn }>(`/api/admin/returns/${returnId}/decision`, { status }),
};
